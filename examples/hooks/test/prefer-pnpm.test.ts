import { describe, expect, it } from "vitest";
import { createRunner, loadExample } from "./harness.js";

describe("prefer-pnpm", () => {
  it("rewrites every npm sub-command and leaves the rest of the command alone", async () => {
    const runner = createRunner([await loadExample("prefer-pnpm")]);
    const outcome = await runner.emitToolCall({
      toolName: "bash",
      toolCallId: "1",
      input: { command: "npm install && npm run build | tee log", timeout: 5 },
    });
    expect(outcome.inputModified).toBe(true);
    expect(outcome.input).toEqual({ command: "pnpm install && pnpm run build | tee log", timeout: 5 });
  });

  it("does not rewrite npx, mentions of npm, or other tools", async () => {
    const runner = createRunner([await loadExample("prefer-pnpm")]);
    for (const [toolName, command] of [
      ["bash", "npx tsc"],
      ["bash", "echo npm install"],
      ["write", "npm install"],
    ] as const) {
      const outcome = await runner.emitToolCall({ toolName, toolCallId: "1", input: { command } });
      expect(outcome.inputModified).toBe(false);
    }
  });
});
