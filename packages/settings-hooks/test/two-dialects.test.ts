// Two dialects answering one event differently: each dialect's handlers are folded in its own terms, and the
// answers of the dialects are combined as the runner combines hooks (core's tool_call policy: a block wins).
import path from "node:path";
import { createNoOpUIContext, HookRunner } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { createSettingsHooks } from "../src/bridge.js";
import { loadDialect } from "../src/dialects/registry.js";
import { validateSettings } from "../src/read-settings.js";
import { command, script, tempProject, toolCall } from "./bridge-harness.js";

await loadDialect("codex");

async function bridge(answers: { claude: string; codex: string }) {
  const cwd = tempProject();
  const claude = validateSettings(
    { hooks: { PreToolUse: [{ hooks: [command(script(cwd, "claude.sh", answers.claude))] }] } },
    { file: path.join(cwd, ".claude/settings.json"), scope: "project", dialect: "claude" },
  );
  const codex = validateSettings(
    { hooks: { PreToolUse: [{ hooks: [command(script(cwd, "codex.sh", answers.codex))] }] } },
    { file: path.join(cwd, ".codex/hooks.json"), scope: "project", dialect: "codex" },
  );
  expect([...claude.issues, ...codex.issues].filter((issue) => issue.severity === "error")).toEqual([]);
  const hook = await createSettingsHooks([...claude.handlers, ...codex.handlers], {
    cwd,
    sessionId: "session-1",
    transcript: false,
    outputDir: path.join(cwd, "out"),
  });
  const runner = new HookRunner([hook], { cwd });
  runner.initialize({
    sendMessageHandler: () => {},
    appendEntryHandler: () => {},
    hasUI: false,
    uiContext: createNoOpUIContext(),
  });
  return runner;
}

const allow = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`;
const silent = "exit 0";

describe("two dialects answering one tool call", () => {
  it("blocks when Codex's handler blocks and Claude Code's allows", async () => {
    const runner = await bridge({ claude: allow, codex: "echo 'codex says no' >&2; exit 2" });
    expect(await runner.emitToolCall(toolCall("bash", { command: "ls" }))).toMatchObject({
      block: true,
      reason: "codex says no",
    });
  });

  it("blocks when Claude Code's handler blocks and Codex's says nothing", async () => {
    const runner = await bridge({ claude: "echo 'claude says no' >&2; exit 2", codex: silent });
    expect(await runner.emitToolCall(toolCall("bash", { command: "ls" }))).toMatchObject({
      block: true,
      reason: "claude says no",
    });
  });

  it("lets the call through when neither blocks", async () => {
    const runner = await bridge({ claude: allow, codex: silent });
    expect((await runner.emitToolCall(toolCall("bash", { command: "ls" }))).block).toBe(false);
  });
});
