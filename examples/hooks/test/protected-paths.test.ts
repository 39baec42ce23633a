import path from "node:path";
import { describe, expect, it } from "vitest";
import { testExample } from "./harness.js";

const cwd = path.resolve("/work/project");

describe("protected-paths", () => {
  it.each([
    ["write", ".env", "Protected path: .env holds secrets"],
    ["edit", "config/.env.local", "Protected path: config/.env.local holds secrets"],
    ["write", ".git/config", "Protected path: .git/config is inside .git/"],
    ["edit", "keys/server.pem", "Protected path: keys/server.pem holds secrets"],
    ["write", "../elsewhere.txt", "Protected path: ../elsewhere.txt is outside the project"],
    ["write", "/etc/passwd", "Protected path: /etc/passwd is outside the project"],
  ])("blocks %s to %s", async (toolName, target, reason) => {
    const t = await testExample("protected-paths", { cwd });
    const outcome = await t.emit({ type: "tool_call", toolName, toolCallId: "1", input: { path: target } });
    expect(outcome).toMatchObject({ block: true, reason });
  });

  it("allows ordinary files, and reading protected ones", async () => {
    const t = await testExample("protected-paths", { cwd });
    const calls = [
      { toolName: "write", input: { path: "src/app.ts" } },
      { toolName: "edit", input: { path: path.join(cwd, "docs/env.md") } },
      { toolName: "read", input: { path: ".env" } },
    ];
    for (const { toolName, input } of calls) {
      expect((await t.emit({ type: "tool_call", toolName, toolCallId: "1", input })).block).toBe(false);
    }
  });
});
