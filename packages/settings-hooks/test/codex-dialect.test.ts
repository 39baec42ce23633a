// The Codex dialect's data against what Codex 0.169 did (integration/codex-conformance records the same cases end to end).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HookRunner } from "@hookwire/core";
import { runProcess } from "@hookwire/core/internal";
import { describe, expect, it } from "vitest";
import { createSettingsHooks } from "../src/bridge.js";
import { bridgedEvents, eventNames, findEvent, isBridged } from "../src/dialect-kit/catalogue.js";
import { toDialectCall, toolResponse } from "../src/dialect-kit/tools.js";
import { codex } from "../src/dialects/codex/dialect.js";
import { compileCodexMatcher } from "../src/dialects/codex/matcher.js";
import { codexProtocol } from "../src/dialects/codex/protocol.js";
import { codexTools } from "../src/dialects/codex/tools.js";
import { DIALECT_IDS, dialectById, dialectSources, loadDialect } from "../src/dialects/registry.js";
import { validateSettings } from "../src/read-settings.js";
import type { SettingsHandler } from "../src/types.js";

// validateSettings reads a file in a loaded dialect (readSettingsFile loads it itself).
await loadDialect("codex");

const options = (event: string) => ({ hookName: "h.sh", event, timeoutMs: 5_000 });

function sh(script: string) {
  return runProcess("sh", ["-c", script], { env: { PATH: process.env.PATH } });
}

describe("the Codex dialect", () => {
  it("is registered after Claude Code", () => {
    expect(DIALECT_IDS).toEqual(["claude", "codex", "gemini", "copilot", "cursor"]);
  });

  it("is loaded on first use, as the one object the package reads, its files known before", async () => {
    expect(dialectSources("codex")).toBe(codex.sources);
    expect(await loadDialect("codex")).toBe(codex);
    expect(dialectById("codex")).toBe(codex);
  });

  it("has Codex 0.169's events, in its reference's order", () => {
    expect(eventNames(codex)).toMatchInlineSnapshot(`
      [
        "SessionStart",
        "SubagentStart",
        "UserPromptSubmit",
        "PreToolUse",
        "PermissionRequest",
        "PostToolUse",
        "PreCompact",
        "PostCompact",
        "SubagentStop",
        "Stop",
        "Interrupt",
        "SessionEnd",
      ]
    `);
    expect(bridgedEvents(codex).map((e) => `${e.name} → ${e.native}`)).toMatchInlineSnapshot(`
      [
        "SessionStart → session_start",
        "UserPromptSubmit → before_agent_start",
        "PreToolUse → tool_call",
        "PostToolUse → tool_result",
        "PreCompact → session_before_compact",
        "PostCompact → session_compact",
        "Stop → agent_end",
        "SessionEnd → session_shutdown",
      ]
    `);
  });

  it("gives SessionEnd and Interrupt Codex's one-second default timeout, the others ten minutes", () => {
    const timeouts = Object.fromEntries(codex.events.map((e) => [e.name, e.defaultTimeout]));
    expect(timeouts.SessionEnd).toBe(1);
    expect(timeouts.Interrupt).toBe(1);
    expect(timeouts.PreToolUse).toBe(600);
    expect(timeouts.Stop).toBe(600);
  });

  it("names a handler's state entry as codex app-server does", () => {
    const id = codex.settings.handlerState?.id;
    expect(id?.("/p/.codex/hooks.json", "PreToolUse", 0, 0)).toBe("/p/.codex/hooks.json:pre_tool_use:0:0");
    expect(id?.("/p/.codex/config.toml", "UserPromptSubmit", 2, 1)).toBe(
      "/p/.codex/config.toml:user_prompt_submit:2:1",
    );
    expect(id?.("/h/.codex/hooks.json", "SessionStart", 0, 3)).toBe("/h/.codex/hooks.json:session_start:0:3");
  });

  it("reads hooks.json and config.toml of the system, user and project layers; only the project's need trust", () => {
    expect(
      codex.sources.map((s) => `${s.scope} ${s.root}:${s.path} ${s.format}${s.trust ? " (trust)" : ""}`),
    ).toMatchInlineSnapshot(`
        [
          "system system:etc/codex/hooks.json json",
          "system system:etc/codex/config.toml toml",
          "user home:.codex/hooks.json json",
          "user home:.codex/config.toml toml",
          "project project:.codex/hooks.json json (trust)",
          "project project:.codex/config.toml toml (trust)",
        ]
      `);
  });
});

describe("Codex matchers", () => {
  // Each row as recorded (cases match-*): does a PreToolUse group with this matcher run for the shell tool?
  const recorded: [string | undefined, boolean][] = [
    ["Bash", true],
    ["exec_command", false],
    ["*", true],
    ["", true],
    [undefined, true],
    ["^Ba", true],
    ["^Bash$", true],
    ["Read|Bash", true],
    ["bash", false],
    ["Bas", false],
    ["Read, Bash", false],
    ["B.sh", true],
  ];
  for (const [matcher, runs] of recorded) {
    it(`${JSON.stringify(matcher)} ${runs ? "matches" : "does not match"} Bash`, () => {
      expect(compileCodexMatcher(matcher)("Bash")).toBe(runs);
    });
  }

  it("splits exact names on | without trimming, so a trailing | names the empty string", () => {
    const match = compileCodexMatcher("Bash|");
    expect([match("Bash"), match(""), match("Read")]).toEqual([true, true, false]);
  });

  it("refuses a matcher that does not compile (Codex skips the group)", () => {
    expect(() => compileCodexMatcher("[")).toThrow(/not a valid JavaScript regular expression/);
  });

  it("refuses a matcher that can backtrack exponentially", () => {
    expect(() => compileCodexMatcher("^(a+)+$")).toThrow(/backtrack exponentially/);
  });
});

describe("Codex's JSON answers", () => {
  const output = (event: string, json: Record<string, unknown>) => codexProtocol.output(json, options(event));

  it("blocks with a deny that gives a reason", () => {
    const { output: out, warnings } = output("PreToolUse", {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "no",
      },
    });
    expect(out.hookSpecificOutput?.permissionDecision).toBe("deny");
    expect(warnings).toEqual([]);
  });

  it("ignores the whole answer Codex refuses, keeping only its systemMessage", () => {
    const refused = [
      { permissionDecision: "deny" },
      { permissionDecision: "deny", permissionDecisionReason: "   " },
      { permissionDecision: "allow" },
      { permissionDecision: "ask", permissionDecisionReason: "r" },
      { updatedInput: { command: "x" } },
      { permissionDecisionReason: "r" },
    ].map((specific) =>
      output("PreToolUse", {
        systemMessage: "shown",
        hookSpecificOutput: { hookEventName: "PreToolUse", ...specific },
      }),
    );
    for (const { output: out } of refused) expect(out).toEqual({ systemMessage: "shown" });
    expect(refused.map((r) => r.warnings.at(-1))).toMatchInlineSnapshot(`
      [
        "Hook \`h.sh\`: permissionDecision:deny needs a non-empty permissionDecisionReason (Codex ignores such an answer); the output was ignored.",
        "Hook \`h.sh\`: permissionDecision:deny needs a non-empty permissionDecisionReason (Codex ignores such an answer); the output was ignored.",
        "Hook \`h.sh\`: permissionDecision:allow is only accepted with updatedInput (Codex ignores such an answer); the output was ignored.",
        "Hook \`h.sh\`: permissionDecision:ask is not supported (Codex ignores such an answer); the output was ignored.",
        "Hook \`h.sh\`: updatedInput needs permissionDecision:allow (Codex ignores such an answer); the output was ignored.",
        "Hook \`h.sh\`: permissionDecisionReason without permissionDecision (Codex ignores such an answer); the output was ignored.",
      ]
    `);
  });

  it("refuses continue:false, stopReason and suppressOutput on PreToolUse, and the context beside them", () => {
    for (const universal of [{ continue: false }, { stopReason: "s" }, { suppressOutput: true }]) {
      const { output: out } = output("PreToolUse", {
        ...universal,
        hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "ctx" },
      });
      expect(out).toEqual({});
    }
  });

  it("accepts a rewrite with allow, and the legacy block with a reason", () => {
    const rewrite = output("PreToolUse", {
      hookSpecificOutput: { permissionDecision: "allow", updatedInput: { command: "echo hi" } },
    });
    expect(rewrite.output.hookSpecificOutput?.updatedInput).toEqual({ command: "echo hi" });
    expect(output("PreToolUse", { decision: "block", reason: "r" }).output.decision).toBe("block");
    expect(output("PreToolUse", { decision: "approve" }).output).toEqual({});
  });

  it("does not check hookEventName against the event that ran", () => {
    const { output: out } = output("PreToolUse", {
      hookSpecificOutput: {
        hookEventName: "PostToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "r",
      },
    });
    expect(out.hookSpecificOutput?.permissionDecision).toBe("deny");
  });

  it("needs a reason to block PostToolUse, UserPromptSubmit and Stop", () => {
    for (const event of ["PostToolUse", "UserPromptSubmit", "Stop"]) {
      expect(output(event, { decision: "block" }).output).toEqual({});
      expect(output(event, { decision: "block", reason: "r" }).output.decision).toBe("block");
    }
    expect(output("PostToolUse", { reason: "r" }).output).toEqual({});
    expect(output("PostToolUse", { continue: false, stopReason: "s" }).output.continue).toBe(false);
  });
});

describe("Codex's exit codes", () => {
  it("blocks on exit 2 with a reason on stderr", async () => {
    const result = codexProtocol.exit(await sh("echo no >&2; exit 2"), options("PreToolUse"));
    expect(result).toMatchObject({ status: "blocking", reason: "no" });
  });

  it("does not block on exit 2 without a reason, nor with only blanks", async () => {
    for (const script of ["exit 2", "printf '   ' >&2; exit 2"]) {
      const result = codexProtocol.exit(await sh(script), options("PreToolUse"));
      expect(result.status).toBe("error");
    }
    const result = codexProtocol.exit(await sh("exit 2"), options("PreToolUse"));
    expect(result.status === "error" && result.message).toMatchInlineSnapshot(
      `"exited with code 2 but wrote no reason to stderr (Codex blocks only with one)"`,
    );
  });

  it("reads stdout only on exit 0: a JSON deny with exit 1 or 2 does nothing", async () => {
    const deny = `'{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"r"}}'`;
    const one = codexProtocol.exit(await sh(`echo ${deny}; exit 1`), options("PreToolUse"));
    expect(one).toMatchObject({ status: "error" });
    expect(one.output).toBeUndefined();
    const two = codexProtocol.exit(await sh(`echo ${deny}; exit 2`), options("PreToolUse"));
    expect(two.status).toBe("error");
    expect(two.output).toBeUndefined();
  });

  it("reads plain stdout of exit 0 as text (context on SessionStart and UserPromptSubmit)", async () => {
    const result = codexProtocol.exit(await sh("echo hello"), options("SessionStart"));
    expect(result).toMatchObject({ status: "success", text: "hello" });
  });
});

describe("Codex's stdin", () => {
  const session = { sessionId: "s-1", cwd: "/p", permissionMode: "bypassPermissions", promptId: "t-1" };

  it("puts turn_id, model and permission_mode where Codex does", () => {
    const event = findEvent(codex, "PreToolUse");
    if (!event || !isBridged(event)) throw new Error("PreToolUse is bridged");
    const input = codexProtocol.input(
      event,
      { model: "gpt", tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "c1" },
      session,
    );
    expect(Object.keys(input)).toEqual([
      "session_id",
      "turn_id",
      "transcript_path",
      "cwd",
      "hook_event_name",
      "model",
      "permission_mode",
      "tool_name",
      "tool_input",
      "tool_use_id",
    ]);
    expect(input).toMatchObject({ turn_id: "t-1", transcript_path: null, model: "gpt" });
  });

  it("gives SessionEnd only the session fields and the reason", () => {
    const event = findEvent(codex, "SessionEnd");
    if (!event || !isBridged(event)) throw new Error("SessionEnd is bridged");
    expect(codexProtocol.input(event, { reason: "other" }, session)).toEqual({
      session_id: "s-1",
      transcript_path: null,
      cwd: "/p",
      hook_event_name: "SessionEnd",
      reason: "other",
    });
  });

  it("shows the shell tool as Bash {command} and its output as one string", () => {
    const call = toDialectCall(codexTools, "bash", { command: "echo hi" });
    expect([call.name, call.input]).toEqual(["Bash", { command: "echo hi" }]);
    expect(toolResponse(codexTools, call, { input: call.input, text: "hi\n", details: {} })).toBe("hi\n");
  });
});

describe("a Codex handler's fields", () => {
  const source = { file: "/p/.codex/hooks.json", scope: "project" as const, dialect: "codex" as const };
  const blocker = { type: "command" as const, command: "echo no >&2; exit 2", if: "Bash(rm *)" };
  const file = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [blocker] }] } };

  it("warns that `if` is not a Codex field and drops it, as Codex ignores a field it does not know", () => {
    const result = validateSettings(file, source);
    expect(
      result.issues.map((issue) => `${issue.code} ${issue.path}: ${issue.message}`),
    ).toMatchInlineSnapshot(`
      [
        "UNKNOWN_FIELD hooks.PreToolUse[0].hooks[0].if: Unknown field "if" is ignored.",
      ]
    `);
    expect(result.handlers[0]?.config).not.toHaveProperty("if");
  });

  it("runs a handler with `if` on every matching call, even one its rule would not match", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "hookwire-codex-if-"));
    try {
      const { handlers } = validateSettings(file, { ...source, file: join(cwd, ".codex", "hooks.json") });
      // A handler built by hand with `if` is read by the same table: Codex has none.
      const byHand = { ...(handlers[0] as SettingsHandler), config: { ...blocker } };
      for (const list of [handlers, [byHand]]) {
        const hook = await createSettingsHooks(list, { cwd, sessionId: "s", outputDir: join(cwd, "out") });
        const runner = new HookRunner([hook], { cwd });
        const outcome = await runner.emitToolCall({
          toolName: "bash",
          toolCallId: "c",
          input: { command: "ls" },
        });
        expect(outcome).toMatchObject({ block: true, reason: "no" });
      }
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
