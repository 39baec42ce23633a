// `hookwire hook <agent> <event>`, the adapter, as an agent runs it: stdin in, the agent's answer out.
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { claudeBash } from "./cli-harness.js";
import { type InProcessSandbox as Sandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";

function write(box: Sandbox, file: string, text: string) {
  const full = path.join(box.cwd, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

const GUARD = `export default (pi: any) => {
  pi.on("tool_call", (event: any, ctx: any) => {
    const command = String(event.input.command ?? "");
    if (command.includes("rm -rf")) return { block: true, reason: "no rm -rf" };
    if (command.includes("ask me")) return ctx.ui.confirm("Run it?", command).then((ok: boolean) => (ok ? undefined : { block: true }));
    if (command.includes("throw")) throw new Error("guard broke");
  });
  pi.on("session_start", () => pi.appendEntry("seen", { at: 1 }));
  pi.on("before_agent_start", (_event: any, ctx: any) => ({
    message: { customType: "n", content: "entries=" + ctx.sessionManager.getEntries().length, display: false },
  }));
};
`;

/**
 * A session id of this sandbox: every sandbox of a run shares one cache folder (vitest.global-setup.ts), and a
 * session's project is fixed by its id (as a real agent's, unique).
 */
const sid = (box: Sandbox, name = "s-1") => `${path.basename(path.dirname(box.cwd))}-${name}`;

/** A Claude Code PreToolUse stdin for `command`, in session `session`. */
const pre = (box: Sandbox, command: string, session = "s-1") =>
  claudeBash(box.cwd, command, sid(box, session));

async function hook(box: Sandbox, agent: string, event: string, input: string, ...flags: string[]) {
  const out = await box.run(["hook", agent, event, ...flags], { input });
  return { ...out, json: out.stdout ? JSON.parse(out.stdout) : undefined };
}

async function trusted(): Promise<Sandbox> {
  const box = sandbox("connect");
  write(box, ".hookwire/hooks/guard.ts", GUARD);
  expect((await box.run(["trust", "--yes"])).code).toBe(0);
  return box;
}

/** A Claude Code PreToolUse for `command`, run from `cwd` in session `session` (absent: no session id). */
const preIn = (cwd: string, command: string, session?: string) =>
  JSON.stringify({
    ...(session === undefined ? {} : { session_id: session }),
    transcript_path: "",
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "toolu_1",
  });

describe("the project is the session's", () => {
  // The agent's own variable is what a real agent sets; these cases run without it unless they say so.
  const without = { CLAUDE_PROJECT_DIR: undefined, GEMINI_PROJECT_DIR: undefined };
  const run = async (box: Sandbox, input: string, env: Record<string, string | undefined> = without) => {
    const out = await box.run(["hook", "claude", "PreToolUse"], { input, env: { ...without, ...env } });
    return out.stdout ? JSON.parse(out.stdout).hookSpecificOutput : undefined;
  };
  /** A trusted project whose guard blocks rm -rf, and `sub`: a folder the model made look like a project. */
  const withSub = async () => {
    const box = await trusted();
    const sub = path.join(box.cwd, "sub");
    mkdirSync(path.join(sub, ".git"), { recursive: true });
    mkdirSync(path.join(sub, ".claude"), { recursive: true });
    return { box, sub };
  };

  it("keeps the session's first project after a cd into a folder with its own .git and .claude", async () => {
    const { box, sub } = await withSub();
    expect((await run(box, preIn(box.cwd, "ls", sid(box, "s-cd")))).permissionDecision).toBeUndefined();
    const after = await run(box, preIn(sub, "rm -rf ../victim", sid(box, "s-cd")));
    expect(after).toMatchObject({ permissionDecision: "deny", permissionDecisionReason: "no rm -rf" });
  });

  it("takes the agent's own project variable over the folder of the session's first event", async () => {
    const { box, sub } = await withSub();
    const first = await run(box, preIn(sub, "rm -rf ../victim", sid(box, "s-var")), {
      CLAUDE_PROJECT_DIR: box.cwd,
    });
    expect(first.permissionDecision).toBe("deny");
  });

  it("gives each session its own project, and a later event cannot move either", async () => {
    const { box, sub } = await withSub();
    // Session B starts in sub: sub is its project (untrusted, nothing of it runs); session A's stays guarded.
    expect((await run(box, preIn(sub, "ls", sid(box, "s-b")))).permissionDecision).toBeUndefined();
    expect((await run(box, preIn(box.cwd, "ls", sid(box, "s-a")))).permissionDecision).toBeUndefined();
    expect((await run(box, preIn(box.cwd, "rm -rf x", sid(box, "s-b")))).permissionDecision).toBeUndefined();
    expect((await run(box, preIn(sub, "rm -rf x", sid(box, "s-a")))).permissionDecision).toBe("deny");
  });

  it("keeps a reused session id's projects apart by their transcripts (one id passed to agents in two projects)", async () => {
    const { box, sub } = await withSub();
    const inSession = async (cwd: string, transcript: string) => {
      const input = JSON.parse(preIn(cwd, "rm -rf x", sid(box, "fixed")));
      return (await run(box, JSON.stringify({ ...input, transcript_path: transcript }))).permissionDecision;
    };
    expect(await inSession(sub, "/t/sub.jsonl")).toBeUndefined();
    expect(await inSession(box.cwd, "/t/root.jsonl")).toBe("deny");
    expect(await inSession(box.cwd, "/t/sub.jsonl")).toBeUndefined();
    expect(await inSession(sub, "/t/root.jsonl")).toBe("deny");
  });

  it("without a session id, remembers nothing: each event's own folder is its project", async () => {
    const { box, sub } = await withSub();
    expect((await run(box, preIn(box.cwd, "rm -rf x"))).permissionDecision).toBe("deny");
    // No session to hold a root by: the event's folder decides, and it pins nothing for a later session-less one.
    expect((await run(box, preIn(sub, "rm -rf x"))).permissionDecision).toBeUndefined();
    expect((await run(box, preIn(box.cwd, "rm -rf x", ""))).permissionDecision).toBe("deny");
  });

  it("ignores a project variable that is not an absolute path to a folder", async () => {
    const { box, sub } = await withSub();
    expect((await run(box, preIn(box.cwd, "ls", sid(box, "s-rel")))).permissionDecision).toBeUndefined();
    for (const value of ["sub", path.join(box.cwd, "missing"), ""]) {
      const answer = await run(box, preIn(sub, "rm -rf x", sid(box, "s-rel")), { CLAUDE_PROJECT_DIR: value });
      expect(answer.permissionDecision, value).toBe("deny");
    }
  });
});

describe("hookwire hook claude", () => {
  it("answers a block with Claude Code's deny and the reason, and a harmless call with nothing to decide", async () => {
    const box = await trusted();
    const denied = await hook(box, "claude", "PreToolUse", pre(box, "rm -rf build"));
    expect(denied.code).toBe(0);
    expect(denied.json).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "no rm -rf",
      },
    });
    expect((await hook(box, "claude", "PreToolUse", pre(box, "ls"))).json).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse" },
    });
  });

  it("turns ctx.ui.confirm into Claude Code's own question", async () => {
    const box = await trusted();
    expect((await hook(box, "claude", "PreToolUse", pre(box, "ask me"))).json.hookSpecificOutput).toEqual({
      hookEventName: "PreToolUse",
      permissionDecision: "ask",
      permissionDecisionReason: "Run it?: ask me",
    });
  });

  it("blocks the call, naming the hook, when a tool_call handler throws", async () => {
    const box = await trusted();
    const out = (await hook(box, "claude", "PreToolUse", pre(box, "throw"))).json.hookSpecificOutput;
    expect(out.permissionDecision).toBe("deny");
    expect(out.permissionDecisionReason).toContain("guard broke");
  });

  it("keeps what a module appended for the next call of the same session, and only for it", async () => {
    const box = await trusted();
    const start = (session: string) =>
      JSON.stringify({
        session_id: session,
        transcript_path: "",
        cwd: box.cwd,
        hook_event_name: "SessionStart",
        source: "startup",
      });
    const prompt = (session: string) =>
      JSON.stringify({
        session_id: session,
        transcript_path: "",
        cwd: box.cwd,
        hook_event_name: "UserPromptSubmit",
        prompt: "hi",
      });
    await hook(box, "claude", "SessionStart", start("a"));
    await hook(box, "claude", "SessionStart", start("a"));
    const context = async (session: string) =>
      (await hook(box, "claude", "UserPromptSubmit", prompt(session))).json.hookSpecificOutput
        .additionalContext;
    expect(await context("a")).toBe("entries=2");
    expect(await context("b")).toBe("entries=0");
  });

  it("refuses the call with hookwire's reason and the fix when it cannot read the agent's input", async () => {
    const box = await trusted();
    const out = await hook(box, "claude", "PreToolUse", "{not json");
    expect(out.code).toBe(0);
    const reason = out.json.hookSpecificOutput.permissionDecisionReason as string;
    expect(out.json.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(reason).toMatch(
      /^hookwire failed \(.*JSON.*\); the call is refused\. Run `hookwire doctor` to see why; connect with --fail-open to let calls through when hookwire fails\.$/,
    );
    // Connected with --fail-open: the call goes on, the failure is still said.
    const open = await hook(box, "claude", "PreToolUse", "{not json", "--fail-open");
    expect(open.json.hookSpecificOutput?.permissionDecision).toBeUndefined();
    expect(open.json.systemMessage).toContain("its hooks did not run");
  });

  it("says once per session that an untrusted project's hooks did not run", async () => {
    const box = sandbox("connect");
    write(box, ".hookwire/hooks/guard.ts", GUARD);
    const first = await hook(box, "claude", "PreToolUse", pre(box, "rm -rf build"));
    expect(first.json.hookSpecificOutput.permissionDecision).toBeUndefined();
    expect(first.json.systemMessage).toBe(
      "hookwire: 1 project hook did not run: the project is not trusted. Review and trust them: pnpm exec hookwire trust --cwd <cwd>",
    );
    expect((await hook(box, "claude", "PreToolUse", pre(box, "ls"))).json.systemMessage).toBeUndefined();
    expect((await hook(box, "claude", "PreToolUse", pre(box, "ls", "s-2"))).json.systemMessage).toContain(
      "did not run",
    );
  });

  it("runs another agent's format, never the files Claude Code runs itself", async () => {
    const box = sandbox("connect");
    const mark = (name: string) => `sh -c 'cat > /dev/null; echo ${name} >> ran.txt'`;
    const hooks = (name: string) =>
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command: mark(name) }] }] } });
    write(box, ".codex/hooks.json", hooks("codex"));
    write(box, ".claude/settings.json", hooks("claude"));
    await box.run(["trust", "--yes"]);
    await hook(box, "claude", "PreToolUse", pre(box, "ls"));
    expect(readFileSync(path.join(box.cwd, "ran.txt"), "utf8")).toBe("codex\n");
  });

  it("names an event it does not serve, and a bad agent", async () => {
    const box = sandbox("connect");
    const unknown = await hook(box, "claude", "Notification", "{}");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Claude Code has no event "Notification" hookwire serves');
    expect((await box.run(["hook", "nope", "PreToolUse"], { input: "{}" })).code).toBe(2);
  });
});

describe("per-session state on disk", () => {
  it("names session files by a hash, so no session id names a path, and reads no file another user could write", async () => {
    const box = await trusted();
    const cache = path.join(box.home, "xdg-cache");
    const env = { XDG_CACHE_HOME: cache };
    const start = JSON.stringify({
      session_id: "../../../../etc/evil",
      transcript_path: "",
      cwd: box.cwd,
      hook_event_name: "SessionStart",
      source: "startup",
    });
    expect((await box.run(["hook", "claude", "SessionStart"], { input: start, env })).code).toBe(0);
    const dir = path.join(cache, "hookwire", "sessions");
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.json$/);
    const file = path.join(dir, files[0] as string);
    // Writable by others: not read (the module sees no entries), and overwritten with the session's own.
    const planted = JSON.parse(readFileSync(file, "utf8"));
    planted.entries = Array.from({ length: 5 }, (_, i) => ({
      id: `p${i}`,
      type: "custom",
      customType: "seen",
    }));
    writeFileSync(file, JSON.stringify(planted));
    chmodSync(file, 0o666);
    const prompt = JSON.stringify({
      session_id: "../../../../etc/evil",
      transcript_path: "",
      cwd: box.cwd,
      hook_event_name: "UserPromptSubmit",
      prompt: "hi",
    });
    const out = await box.run(["hook", "claude", "UserPromptSubmit"], { input: prompt, env });
    expect(JSON.parse(out.stdout).hookSpecificOutput.additionalContext).toBe("entries=0");
  });
});

describe("per-session state bounds", () => {
  it("keeps a session's file within its bound however much a module appends, dropping the oldest entries", async () => {
    const box = sandbox("connect");
    write(
      box,
      ".hookwire/hooks/big.ts",
      'export default (pi: any) => pi.on("session_start", () => { for (let i = 0; i < 50; i++) pi.appendEntry("big", "x".repeat(200_000)); });\n',
    );
    await box.run(["trust", "--yes"]);
    const cache = path.join(box.home, "xdg-cache");
    const start = JSON.stringify({
      session_id: "big",
      transcript_path: "",
      cwd: box.cwd,
      hook_event_name: "SessionStart",
      source: "startup",
    });
    expect(
      (await box.run(["hook", "claude", "SessionStart"], { input: start, env: { XDG_CACHE_HOME: cache } }))
        .code,
    ).toBe(0);
    const dir = path.join(cache, "hookwire", "sessions");
    const [file] = readdirSync(dir);
    const text = readFileSync(path.join(dir, file as string), "utf8");
    expect(text.length).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(JSON.parse(text).entries.length).toBeGreaterThan(0);
  });
});

describe("what silences hookwire, said at the session's start", () => {
  it("names a Gemini CLI hooksConfig list that turns one of hookwire's entries off, with the fix", async () => {
    const box = await trusted();
    expect((await box.run(["connect", "gemini"])).code).toBe(0);
    const file = path.join(box.cwd, ".gemini/settings.json");
    const settings = JSON.parse(readFileSync(file, "utf8"));
    const command = settings.hooks.BeforeTool[0].hooks[0].command as string;
    writeFileSync(file, JSON.stringify({ ...settings, hooksConfig: { disabled: [command] } }, null, 2));
    const start = JSON.stringify({
      session_id: sid(box, "silenced"),
      transcript_path: "",
      cwd: box.cwd,
      hook_event_name: "SessionStart",
      source: "startup",
      timestamp: "2026-12-04T00:00:00Z",
    });
    const out = await hook(box, "gemini", "SessionStart", start);
    expect(out.code).toBe(0);
    expect(JSON.stringify(out.json)).toContain("hooksConfig");
    expect(JSON.stringify(out.json)).toContain("Fix:");
  });
});
