// Two dialects answering one event differently: each dialect's handlers are folded in its own terms, and the
// answers of the dialects are combined as the runner combines hooks (core's policy for the native event: a block
// wins, verdicts rank, a rewrite carries on to the next dialect, contexts and messages collect).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createNoOpUIContext, HookRunner } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { createSettingsHooks } from "../src/bridge.js";
import { loadDialect } from "../src/dialects/registry.js";
import { validateSettings } from "../src/read-settings.js";
import { command, script, tempProject, toolCall } from "./bridge-harness.js";

await loadDialect("codex");
await loadDialect("copilot");

/** Claude Code's file first, then the other dialect's: the order their handlers run in. */
async function bridge(
  answers: { claude: string; codex?: string; copilot?: string },
  event: { claude: string; codex: string } = { claude: "PreToolUse", codex: "PreToolUse" },
) {
  const cwd = tempProject();
  const files = [
    validateSettings(
      { hooks: { [event.claude]: [{ hooks: [command(script(cwd, "claude.sh", answers.claude))] }] } },
      { file: path.join(cwd, ".claude/settings.json"), scope: "project", dialect: "claude" },
    ),
    answers.codex === undefined
      ? undefined
      : validateSettings(
          { hooks: { [event.codex]: [{ hooks: [command(script(cwd, "codex.sh", answers.codex))] }] } },
          { file: path.join(cwd, ".codex/hooks.json"), scope: "project", dialect: "codex" },
        ),
    answers.copilot === undefined
      ? undefined
      : validateSettings(
          {
            version: 1,
            hooks: { preToolUse: [{ type: "command", bash: script(cwd, "copilot.sh", answers.copilot) }] },
          },
          { file: path.join(cwd, ".github/hooks/guard.json"), scope: "project", dialect: "copilot" },
        ),
  ].flatMap((file) => (file ? [file] : []));
  expect(files.flatMap((file) => file.issues).filter((issue) => issue.severity === "error")).toEqual([]);
  const hook = await createSettingsHooks(
    files.flatMap((file) => file.handlers),
    {
      cwd,
      sessionId: "session-1",
      transcript: false,
      outputDir: path.join(cwd, "out"),
    },
  );
  const runner = new HookRunner([hook], { cwd });
  runner.initialize({
    sendMessageHandler: () => {},
    appendEntryHandler: () => {},
    hasUI: false,
    uiContext: createNoOpUIContext(),
  });
  return Object.assign(runner, { cwd });
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

const verdict = (decision: string, extra: Record<string, unknown> = {}) =>
  `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: decision, permissionDecisionReason: `${decision} said`, ...extra } })}'`;
const copilotVerdict = (decision: string) =>
  `echo '${JSON.stringify({ permissionDecision: decision, permissionDecisionReason: `copilot: ${decision}` })}'`;
const context = (event: string, text: string) =>
  `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: text } })}'`;

describe("two dialects answering one event in other ways", () => {
  it("asks when one dialect asks and the other allows, whichever comes first", async () => {
    const askFirst = await bridge({ claude: verdict("ask"), copilot: copilotVerdict("allow") });
    expect((await askFirst.emitToolCall(toolCall("bash", { command: "ls" }))).permission).toEqual({
      decision: "ask",
      reason: "ask said",
      hookPath: ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
    });
    const askLast = await bridge({ claude: verdict("allow"), copilot: copilotVerdict("ask") });
    expect((await askLast.emitToolCall(toolCall("bash", { command: "ls" }))).permission).toEqual({
      decision: "ask",
      reason: "Denied by preToolUse hook (unable to ask user for confirmation): copilot: ask",
      hookPath: ".github/hooks/guard.json#hooks.preToolUse[0]",
    });
  });

  it("hands the next dialect the call as the earlier one rewrote it, and a later block still wins", async () => {
    const rewrite = verdict("allow", { updatedInput: { command: "ls -a" } });
    const runner = await bridge({ claude: rewrite, codex: `cat > "$0.stdin"; echo 'not that' >&2; exit 2` });
    expect(await runner.emitToolCall(toolCall("bash", { command: "ls" }))).toMatchObject({
      block: true,
      reason: "not that",
      blockedBy: ".codex/hooks.json#hooks.PreToolUse[0].hooks[0]",
    });
    const seen = JSON.parse(readFileSync(path.join(runner.cwd, "codex.sh.stdin"), "utf8"));
    expect(seen.tool_input).toEqual({ command: "ls -a" });
  });

  it("does not run the second dialect once the first blocks, so its rewrite never applies", async () => {
    const rewrite = verdict("allow", { updatedInput: { command: "ls -a" } });
    const runner = await bridge({ claude: "echo 'claude says no' >&2; exit 2", codex: rewrite });
    const outcome = await runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(outcome).toMatchObject({ block: true, reason: "claude says no", inputModified: false });
    expect(existsSync(path.join(runner.cwd, "codex.sh.stdin"))).toBe(false);
  });

  it("gives the model the context of both dialects, each under its handler", async () => {
    const runner = await bridge({
      claude: context("PreToolUse", "from claude"),
      codex: context("PreToolUse", "from codex"),
    });
    const outcome = await runner.emitToolCall(toolCall("bash", { command: "ls" }));
    expect(outcome.additionalContext).toEqual([
      { hookPath: ".claude/settings.json#hooks.PreToolUse[0].hooks[0]", text: "from claude" },
      { hookPath: ".codex/hooks.json#hooks.PreToolUse[0].hooks[0]", text: "from codex" },
    ]);
  });

  it("adds both dialects' prompt context as two messages", async () => {
    const runner = await bridge(
      {
        claude: context("UserPromptSubmit", "from claude"),
        codex: context("UserPromptSubmit", "from codex"),
      },
      { claude: "UserPromptSubmit", codex: "UserPromptSubmit" },
    );
    const outcome = await runner.emit({
      type: "before_agent_start",
      prompt: "hi",
      images: [],
      systemPrompt: "",
    });
    expect(outcome?.messages?.map((message) => message.content)).toEqual([
      expect.stringContaining("from claude"),
      expect.stringContaining("from codex"),
    ]);
  });
});
