import { describe, expect, it } from "vitest";
import { testExample } from "./harness.js";

describe("prefer-pnpm", () => {
  it("rewrites every npm sub-command and leaves the rest of the command alone", async () => {
    const t = await testExample("prefer-pnpm");
    const run = await t.runTool("bash", { command: "npm install && npm run build | tee log", timeout: 5 });
    expect(run.executedWith).toEqual({ command: "pnpm install && pnpm run build | tee log", timeout: 5 });
  });

  it("does not rewrite npx, mentions of npm, or other tools", async () => {
    const t = await testExample("prefer-pnpm");
    for (const [toolName, command] of [
      ["bash", "npx tsc"],
      ["bash", "echo npm install"],
      ["write", "npm install"],
    ] as const) {
      const outcome = await t.emit({ type: "tool_call", toolName, toolCallId: "1", input: { command } });
      expect(outcome.inputModified).toBe(false);
    }
  });
});
