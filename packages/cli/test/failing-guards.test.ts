// A guard that fails is never a silent pass: `hookwire hook <agent>` names the hook and why in the agent's answer,
// logs `error`, refuses the call when fail-closed (the flag, the user's setting, the handler's onFailure), and
// leaves no process behind.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin } from "./cli-harness.js";
import { type InProcessSandbox as Sandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";
import { boxEnv, serve } from "./serve-harness.js";

beforeAll(() => ensureBuilt(), 180_000);

function write(box: Sandbox, file: string, text: string, mode?: number) {
  const full = path.join(box.cwd, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  if (mode !== undefined) chmodSync(full, mode);
}

/** A number no other process on the machine sleeps for: `ps` finds what a test left behind by it. */
const unique = () => 900_000 + Math.floor(Math.random() * 90_000);

/** Processes whose command line holds `needle` (this test's own `ps` and `pgrep` excluded). */
function survivors(needle: string): string[] {
  const out = execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" });
  return out
    .split("\n")
    .filter((line) => line.includes(needle) && !line.includes("ps -eo"))
    .map((line) => line.trim());
}

type Agent = "claude" | "codex" | "gemini";

/**
 * A session id of this sandbox: a session's project is fixed by its id (as a real agent's, unique), and the sandboxes
 * of a run share one cache folder.
 */
const sessionOf = (cwd: string) => `s-${path.basename(path.dirname(cwd))}`;

/** The tool-gating event and a shell call's stdin, as each agent sends them (docs/ORACLES). */
const CALLS: Record<Agent, { event: string; input: (cwd: string) => string }> = {
  claude: {
    event: "PreToolUse",
    input: (cwd) =>
      JSON.stringify({
        session_id: sessionOf(cwd),
        transcript_path: "",
        cwd,
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls" },
        tool_use_id: "toolu_1",
      }),
  },
  codex: {
    event: "PreToolUse",
    input: (cwd) =>
      JSON.stringify({
        session_id: sessionOf(cwd),
        turn_id: "t-1",
        transcript_path: null,
        cwd,
        hook_event_name: "PreToolUse",
        model: "m",
        permission_mode: "bypassPermissions",
        tool_name: "Bash",
        tool_input: { command: "ls" },
        tool_use_id: "call_1",
      }),
  },
  gemini: {
    event: "BeforeTool",
    input: (cwd) =>
      JSON.stringify({
        session_id: sessionOf(cwd),
        transcript_path: "",
        cwd,
        hook_event_name: "BeforeTool",
        timestamp: "2026-12-04T00:00:00.000Z",
        tool_name: "run_shell_command",
        tool_input: { command: "ls", description: "list" },
      }),
  },
};

/** One failing guard in `.hookwire/settings.json` (Claude Code's format: every agent here runs it through hookwire). */
async function guarded(
  handler: Record<string, unknown>,
  files: Record<string, [string, number?]> = {},
): Promise<Sandbox> {
  const box = sandbox("connect");
  for (const [file, [text, mode]] of Object.entries(files)) write(box, file, text, mode);
  const settings = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", ...handler }] }] } };
  write(box, ".hookwire/settings.json", JSON.stringify(settings));
  expect((await box.run(["trust", "--yes"])).code).toBe(0);
  return box;
}

async function call(box: Sandbox, agent: Agent, ...flags: string[]) {
  const { event, input } = CALLS[agent];
  const out = await box.run(["hook", agent, event, ...flags], { input: input(box.cwd) });
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as Record<string, unknown>;
}

/** The last decision the log holds. */
async function lastDecision(box: Sandbox) {
  const out = await box.run(["log", "--json"]);
  const decisions = JSON.parse(out.stdout) as Record<string, unknown>[];
  const {
    time: _time,
    durationMs: _ms,
    project: _project,
    // This machine's: the audit trail's own tests check them.
    user: _user,
    host: _host,
    ...rest
  } = decisions.at(-1) as Record<string, unknown>;
  return { ...rest, session: "<session>" };
}

const CRLF: Record<string, [string, number?]> = {
  "guard.sh": ["#!/bin/sh\r\necho checked\r\nexit 0\r\n", 0o755],
};

describe("a failing guard, without fail-closed hooks", () => {
  it("a CRLF script exiting 127: the call goes on, the answer names the hook and why, the log says error", async () => {
    const box = await guarded({ command: "./guard.sh" }, CRLF);
    expect(await call(box, "claude")).toMatchInlineSnapshot(`
      {
        "hookSpecificOutput": {
          "hookEventName": "PreToolUse",
        },
        "systemMessage": "hookwire: Hook \`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]\` failed on "PreToolUse": exited with code 127 (command not found: check the path, and that the script has LF line endings): sh: 1: ./guard.sh: not found",
      }
    `);
    expect(await lastDecision(box)).toMatchInlineSnapshot(`
      {
        "agent": "claude",
        "decision": "error",
        "event": "PreToolUse",
        "hook": ".hookwire/settings.json#hooks.PreToolUse[0].hooks[0]",
        "native": "tool_call",
        "reason": "\`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]\` failed (exited with code 127 (command not found: check the path, and that the script has LF line endings): sh: 1: ./guard.sh: not found); the call went on",
        "session": "<session>",
        "target": "ls",
        "tool": "bash",
      }
    `);
    // Said at every call, not once per session: the guard is off each time.
    expect((await call(box, "claude")).systemMessage).toContain("exited with code 127");
  });

  it("output that looks like JSON but does not parse: said and logged as error in Codex and Gemini CLI", async () => {
    const box = await guarded({ command: `echo '{"decision": block}'` });
    expect(await call(box, "codex")).toMatchInlineSnapshot(`
      {
        "hookSpecificOutput": {
          "hookEventName": "PreToolUse",
        },
        "systemMessage": "hookwire: Hook \`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]\` failed on "PreToolUse": its output looks like JSON but is not a JSON object (Unexpected token 'b', "{"decision": block}" is not valid JSON); it was read as plain text, so none of its fields (decision, hookSpecificOutput, …) apply. Print one valid JSON object, or plain text that does not start with { or [.",
      }
    `);
    expect(await lastDecision(box)).toMatchObject({ agent: "codex", decision: "error" });
    expect(await call(box, "gemini")).toMatchInlineSnapshot(`
      {
        "systemMessage": "hookwire: Hook \`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]\` failed on "PreToolUse": its output looks like JSON but is not a JSON object (Unexpected token 'b', "{"decision": block}" is not valid JSON); it was read as plain text, so none of its fields (decision, hookSpecificOutput, …) apply. Print one valid JSON object, or plain text that does not start with { or [.",
      }
    `);
    expect(await lastDecision(box)).toMatchObject({ agent: "gemini", decision: "error" });
  });
});

describe("--fail-closed-hooks", () => {
  it.each(["claude", "codex", "gemini"] as const)(
    "refuses the call in %s when a guard exits 127, naming the hook and why",
    async (agent) => {
      const box = await guarded({ command: "./guard.sh" }, CRLF);
      const answer = JSON.stringify(await call(box, agent, "--fail-closed-hooks"));
      expect(answer).toContain(
        "`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]` failed (exited with code 127",
      );
      expect(answer).toContain("the call is refused (fail-closed hooks: connected with --fail-closed-hooks)");
      expect(await lastDecision(box)).toMatchObject({
        agent,
        decision: "error",
        hook: ".hookwire/settings.json#hooks.PreToolUse[0].hooks[0]",
        reason: expect.stringMatching(/the call was refused$/),
      });
    },
  );

  it("refuses on output that looks like JSON, a signal, and a timeout; kills the timed-out hook's whole tree", async () => {
    const broken = await guarded({ command: `echo '{"decision": block}'` });
    expect(await call(broken, "claude", "--fail-closed-hooks")).toMatchInlineSnapshot(`
      {
        "hookSpecificOutput": {
          "hookEventName": "PreToolUse",
          "permissionDecision": "deny",
          "permissionDecisionReason": "hookwire: \`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]\` failed (its output looks like JSON but is not a JSON object (Unexpected token 'b', "{"decision": block}" is not valid JSON); it was read as plain text, so none of its fields (decision, hookSpecificOutput, …) apply. Print one valid JSON object, or plain text that does not start with { or [.); the call is refused (fail-closed hooks: connected with --fail-closed-hooks).",
        },
        "systemMessage": "hookwire: Hook \`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]\` failed on "PreToolUse": its output looks like JSON but is not a JSON object (Unexpected token 'b', "{"decision": block}" is not valid JSON); it was read as plain text, so none of its fields (decision, hookSpecificOutput, …) apply. Print one valid JSON object, or plain text that does not start with { or [.",
      }
    `);
    const killed = await guarded({ command: "kill -9 $$" });
    expect(await call(killed, "claude", "--fail-closed-hooks")).toMatchInlineSnapshot(`
      {
        "hookSpecificOutput": {
          "hookEventName": "PreToolUse",
          "permissionDecision": "deny",
          "permissionDecisionReason": "hookwire: \`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]\` failed (killed by SIGKILL); the call is refused (fail-closed hooks: connected with --fail-closed-hooks).",
        },
        "systemMessage": "hookwire: Hook \`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]\` failed on "PreToolUse": killed by SIGKILL",
      }
    `);
    const n = unique();
    const slow = await guarded({ command: `sleep ${n} & sleep ${n + 1}; wait`, timeout: 1 });
    expect(await call(slow, "gemini", "--fail-closed-hooks")).toMatchInlineSnapshot(`
      {
        "decision": "deny",
        "reason": "hookwire: \`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]\` failed (timed out after 1 s and was killed); the call is refused (fail-closed hooks: connected with --fail-closed-hooks).",
        "systemMessage": "hookwire: Hook \`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]\` failed on "PreToolUse": timed out after 1 s and was killed",
      }
    `);
    expect(survivors(`sleep ${n}`)).toEqual([]);
  });

  it("refuses when a module guard throws, as it did before, and logs it as the hook's error", async () => {
    const box = sandbox("connect");
    write(
      box,
      ".hookwire/hooks/guard.ts",
      `export default (pi: any) => pi.on("tool_call", () => { throw new Error("guard broke"); });\n`,
    );
    await box.run(["trust", "--yes"]);
    const answer = (await call(box, "codex")) as { hookSpecificOutput: { permissionDecision: string } };
    expect(answer.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(await lastDecision(box)).toMatchInlineSnapshot(`
      {
        "agent": "codex",
        "decision": "error",
        "event": "PreToolUse",
        "hook": ".hookwire/hooks/guard.ts",
        "native": "tool_call",
        "reason": "\`.hookwire/hooks/guard.ts\` failed (guard broke); the call was refused",
        "session": "<session>",
        "target": "ls",
        "tool": "bash",
      }
    `);
  });

  it("refuses when a module guard does not load (a syntax error): a guard that is not there fails too", async () => {
    const box = sandbox("connect");
    write(box, ".hookwire/hooks/guard.ts", "export default (pi: any) => {\n");
    await box.run(["trust", "--yes"]);
    const answer = JSON.stringify(await call(box, "claude", "--fail-closed-hooks"));
    expect(answer).toContain("`.hookwire/hooks/guard.ts` failed (did not load: ");
    expect(await lastDecision(box)).toMatchObject({ decision: "error", hook: ".hookwire/hooks/guard.ts" });
  });

  it("is carried to a running hookwire serve with the forwarded call", async () => {
    const box = await guarded({ command: "echo $PPID >> ppids.txt; exit 1" });
    const server = await serve(box);
    try {
      const { event, input } = CALLS.claude;
      const out = spawnSync(process.execPath, [bin, "hook", "claude", event, "--fail-closed-hooks"], {
        cwd: box.cwd,
        env: boxEnv(box),
        input: input(box.cwd),
        encoding: "utf8",
      });
      expect(JSON.parse(out.stdout).hookSpecificOutput.permissionDecisionReason).toContain(
        "the call is refused (fail-closed hooks: connected with --fail-closed-hooks)",
      );
      // The hook ran in the server, not in the `hookwire hook` process.
      expect(readFileSync(path.join(box.cwd, "ppids.txt"), "utf8").trim()).toBe(String(server.child.pid));
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("lets a healthy call through and logs none", async () => {
    const box = await guarded({ command: "true" });
    expect(await call(box, "claude", "--fail-closed-hooks")).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse" },
    });
    expect(await lastDecision(box)).toMatchObject({ decision: "none" });
  });
});

describe('the user setting "onFailure": "block" (hooks.json)', () => {
  it("refuses the call in every agent, naming the file that asked for it; a typo reads as block and is said", async () => {
    const box = await guarded({ command: "exit 1" });
    const config = path.join(box.home, ".config/hookwire/hooks.json");
    mkdirSync(path.dirname(config), { recursive: true });
    writeFileSync(config, JSON.stringify({ onFailure: "block" }));
    expect(JSON.stringify(await call(box, "codex"))).toContain(
      'the call is refused (fail-closed hooks: \\"onFailure\\": \\"block\\" in <home>/.config/hookwire/hooks.json)',
    );
    writeFileSync(config, JSON.stringify({ onFailure: "blocks" }));
    const typo = (await call(box, "claude")) as {
      hookSpecificOutput: { permissionDecision: string };
      systemMessage: string;
    };
    expect(typo.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(typo.systemMessage).toContain(
      '"onFailure" in <home>/.config/hookwire/hooks.json must be "block" or "continue", got "blocks"; read as "block".',
    );
    writeFileSync(config, JSON.stringify({ onFailure: "continue" }));
    expect(await call(box, "claude")).not.toHaveProperty("hookSpecificOutput.permissionDecision");
  });
});

describe('a handler\'s own onFailure: "block"', () => {
  it.each(["claude", "codex", "gemini"] as const)(
    "refuses the call in %s when that handler fails",
    async (agent) => {
      const box = await guarded({ command: "echo nope >&2; exit 1", onFailure: "block" });
      const answer = JSON.stringify(await call(box, agent));
      expect(answer).toContain('hook failed (onFailure \\"block\\"): exited with code 1: nope');
      expect(await lastDecision(box)).toMatchObject({
        decision: "error",
        reason: expect.stringMatching(/refused$/),
      });
    },
  );
});
