// Claude Code's `onFailure: "block"` in every format hookwire runs: a handler that fails (exits badly, times out,
// prints JSON that does not parse) refuses the tool call; without it, the failure is an error and the call goes on.
import path from "node:path";
import { createNoOpUIContext, HookRunner } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { createSettingsHooks } from "../src/bridge.js";
import type { DialectId } from "../src/dialect-kit/types.js";
import { loadDialect } from "../src/dialects/registry.js";
import { validateSettings } from "../src/read-settings.js";
import { script, tempProject, toolCall } from "./bridge-harness.js";

for (const id of ["codex", "gemini", "copilot", "cursor"] as const) await loadDialect(id);

/** One handler running `body`, written in `dialect`'s own file and layout, with `extra` fields. */
function settingsOf(dialect: DialectId, file: string, extra: Record<string, unknown>) {
  const handler = { type: "command", command: file, ...extra };
  switch (dialect) {
    case "gemini":
      return { hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [handler] }] } };
    case "copilot":
      return { version: 1, hooks: { preToolUse: [{ type: "command", bash: file, ...extra }] } };
    case "cursor":
      return { version: 1, hooks: { preToolUse: [handler] } };
    default:
      return { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [handler] }] } };
  }
}

const FILES: Record<DialectId, string> = {
  claude: ".hookwire/settings.json",
  codex: ".codex/hooks.json",
  gemini: ".gemini/settings.json",
  copilot: ".github/hooks/guard.json",
  cursor: ".cursor/hooks.json",
};

async function runner(dialect: DialectId, body: string, extra: Record<string, unknown>) {
  const cwd = tempProject();
  const read = validateSettings(settingsOf(dialect, script(cwd, "guard.sh", body), extra), {
    file: path.join(cwd, FILES[dialect]),
    scope: "project",
    dialect,
  });
  expect(read.issues).toEqual([]);
  const hook = await createSettingsHooks(read.handlers, {
    cwd,
    sessionId: "s",
    transcript: false,
    outputDir: path.join(cwd, "out"),
  });
  const errors: string[] = [];
  const run = new HookRunner([hook], { cwd });
  run.initialize({
    sendMessageHandler: () => {},
    appendEntryHandler: () => {},
    hasUI: false,
    uiContext: createNoOpUIContext(),
  });
  run.onError((error) => errors.push(`${error.code} ${error.error}`));
  const outcome = await run.emitToolCall(toolCall("bash", { command: "ls" }));
  return { outcome, errors };
}

const DIALECTS = ["claude", "codex", "gemini", "copilot", "cursor"] as const;
const FAILURES = {
  "exits 1": "cat > /dev/null; echo broken >&2; exit 1",
  "times out": "sleep 5",
  "prints JSON that does not parse": `cat > /dev/null; echo '{"decision": block}'`,
} as const;

describe('onFailure: "block"', () => {
  for (const dialect of DIALECTS) {
    for (const [failure, body] of Object.entries(FAILURES)) {
      it(`refuses the call in ${dialect}'s format when the handler ${failure}, naming why`, async () => {
        const { outcome, errors } = await runner(dialect, body, { onFailure: "block", timeout: 1 });
        expect(outcome.block).toBe(true);
        // Copilot CLI's own rule refuses a preToolUse hook that errors, with its own words (observed).
        expect(outcome.reason).toMatch(/hook failed|hook errored/);
        expect(errors.length).toBeGreaterThan(0);
      });
    }
  }

  it("lets a handler that answers go on, and keeps plain text an answer (as Claude Code does)", async () => {
    expect((await runner("claude", "cat > /dev/null; echo fine", { onFailure: "block" })).outcome.block).toBe(
      false,
    );
    expect((await runner("codex", "cat > /dev/null; exit 0", { onFailure: "block" })).outcome.block).toBe(
      false,
    );
  });

  it('without it (or with "continue"), a failure is an error and the call goes on in Claude Code\'s format', async () => {
    for (const extra of [{}, { onFailure: "continue" }]) {
      const { outcome, errors } = await runner("claude", FAILURES["exits 1"], extra);
      expect(outcome.block).toBe(false);
      expect(errors).toEqual(["HOOK_HANDLER_FAILED exited with code 1: broken"]);
    }
    const broken = await runner("claude", FAILURES["prints JSON that does not parse"], {});
    expect(broken.outcome.block).toBe(false);
    expect(broken.errors[0]).toMatch(/^HOOK_OUTPUT_INVALID its output looks like JSON/);
  });

  it("refuses a value Claude Code does not know, skipping the handler with an error", () => {
    const read = validateSettings(
      { hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "true", onFailure: "yes" }] }] } },
      { file: "/p/.claude/settings.json", scope: "project", dialect: "claude" },
    );
    expect(read.handlers).toEqual([]);
    expect(read.issues.map((issue) => issue.message)).toMatchInlineSnapshot(`
      [
        "Invalid onFailure: expected "continue" | "block", got "yes". This handler is skipped.",
      ]
    `);
  });
});
