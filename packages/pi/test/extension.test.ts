// @hookwire/pi loaded by pi 0.73's own extension loader and runner, in this process: what pi gets back per event.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { HOOK_FORMATS, trustProject } from "@hookwire/loader";
import { pinPolicy, policyDir, policyPaths, policyStatus } from "@hookwire/loader/policy";
import { packageAgent } from "@hookwire/settings-hooks/agents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { PI_EVENTS } from "../src/events.js";

// biome-ignore lint/suspicious/noExplicitAny: pi's runner is driven through its untyped dist modules.
type Any = any;

const here = path.dirname(fileURLToPath(import.meta.url));
const PI = realpathSync(path.join(here, "../node_modules/@mariozechner/pi-coding-agent"));
const EXTENSION = path.join(here, "../dist/index.js");
const piModule = (file: string) => import(pathToFileURL(path.join(PI, "dist", file)).href);

const GUARD = `export default function guard(pi) {
  pi.on("tool_call", (event) => {
    const command = String(event.input.command ?? "");
    if (command.includes("rm -rf")) return { block: true, reason: "HW_BLOCKED" };
    if (command.includes("original")) return { input: { ...event.input, command: command.replace("original", "rewritten") }, additionalContext: "HW_CALL_CONTEXT" };
  });
  pi.on("before_agent_start", (event) => event.prompt.includes("forbidden") ? { block: true, reason: "HW_PROMPT_REFUSED" } : { message: { customType: "hw", content: "HW_PROMPT_CONTEXT", display: false } });
}
`;

const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME, cwd: process.cwd() };
let root: string;

/** pi's runner over @hookwire/pi, loaded in `project` as pi loads it, with a UI that records what it shows. */
async function piWith(project: string) {
  const { loadExtensions } = await piModule("core/extensions/loader.js");
  const { ExtensionRunner } = await piModule("core/extensions/runner.js");
  const { SessionManager } = await piModule("core/session-manager.js");
  process.chdir(project);
  const { extensions, errors, runtime } = await loadExtensions([EXTENSION], project);
  expect(errors).toEqual([]);
  const runner: Any = new ExtensionRunner(
    extensions,
    runtime,
    project,
    SessionManager.inMemory(project),
    undefined,
  );
  const shown: string[] = [];
  const sent: unknown[] = [];
  let aborted = 0;
  const none = () => undefined;
  runner.bindCore(
    {
      sendMessage: (message: { content: unknown }) => sent.push(message.content),
      sendUserMessage: none,
      appendEntry: none,
      getActiveTools: () => [],
      getAllTools: () => [],
    },
    {
      getModel: () => ({ provider: "test", id: "HW_MODEL" }),
      isIdle: () => true,
      getSignal: none,
      abort: () => aborted++,
      hasPendingMessages: () => false,
      shutdown: none,
      getContextUsage: none,
      compact: none,
      getSystemPrompt: () => "",
    },
  );
  runner.setUIContext({ notify: (text: string) => shown.push(text) });
  return { runner, shown, sent, aborted: () => aborted };
}

function project(name: string, trusted: boolean) {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, ".hookwire/hooks"), { recursive: true });
  mkdirSync(path.join(dir, ".git"));
  writeFileSync(path.join(dir, ".hookwire/hooks/guard.js"), GUARD);
  return trusted ? trustProject(dir, { formats: HOOK_FORMATS }).then(() => dir) : Promise.resolve(dir);
}

beforeAll(() => {
  ensureBuilt();
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "hw-pi-ext-")));
  process.env.HOME = path.join(root, "home");
  process.env.XDG_CONFIG_HOME = path.join(root, "home/.config");
});
afterAll(() => {
  process.chdir(saved.cwd);
  for (const key of ["HOME", "XDG_CONFIG_HOME"] as const) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  rmSync(root, { recursive: true, force: true });
});

describe("@hookwire/pi inside pi's own runner", () => {
  it("blocks with pi's { block, reason }, rewrites the input pi runs, and gives the model the call's context", async () => {
    const { runner } = await piWith(await project("trusted", true));
    await runner.emit({ type: "session_start", reason: "startup" });
    const blocked = await runner.emitToolCall({
      type: "tool_call",
      toolName: "bash",
      toolCallId: "1",
      input: { command: "rm -rf x" },
    });
    expect(blocked).toEqual({ block: true, reason: "HW_BLOCKED" });

    const input = { command: "echo original" };
    expect(
      await runner.emitToolCall({ type: "tool_call", toolName: "bash", toolCallId: "2", input }),
    ).toBeUndefined();
    expect(input).toEqual({ command: "echo rewritten" });
    const result = await runner.emitToolResult({
      type: "tool_result",
      toolName: "bash",
      toolCallId: "2",
      input,
      content: [{ type: "text", text: "rewritten" }],
      details: undefined,
      isError: false,
    });
    expect(result.content).toEqual([
      { type: "text", text: "rewritten" },
      { type: "text", text: "[hook .hookwire/hooks/guard.js] HW_CALL_CONTEXT" },
    ]);
  });

  it("injects a hook's before_agent_start message, and stops a refused prompt's run at agent_start", async () => {
    const { runner, shown, aborted } = await piWith(await project("prompts", true));
    const ok = await runner.emitBeforeAgentStart("go", undefined, "system", undefined);
    expect(ok.messages).toEqual([{ customType: "hw", content: "HW_PROMPT_CONTEXT", display: false }]);
    await runner.emit({ type: "agent_start" });
    expect(aborted()).toBe(0);

    expect(
      await runner.emitBeforeAgentStart("do the forbidden thing", undefined, "system", undefined),
    ).toBeUndefined();
    expect(shown).toEqual(["hookwire: HW_PROMPT_REFUSED"]);
    await runner.emit({ type: "agent_start" });
    expect(aborted()).toBe(1);
  });

  it("gives each event's hooks pi's context of that event, and a hook's message from a timer it started reaches pi", async () => {
    const dir = await project("call", false);
    writeFileSync(
      path.join(dir, ".hookwire/hooks/guard.js"),
      `export default function (pi) {
        pi.on("agent_start", (_event, ctx) => {
          ctx.ui.notify("HW_MODEL_SEEN " + ctx.model?.id);
          pi.sendMessage({ customType: "hw", content: "HW_IN_CALL", display: false });
          setTimeout(() => pi.sendMessage({ customType: "hw", content: "HW_LATER", display: false }), 5);
          ctx.abort();
        });
      }\n`,
    );
    await trustProject(dir, { formats: HOOK_FORMATS });
    const { runner, shown, sent, aborted } = await piWith(dir);
    await runner.emit({ type: "agent_start" });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(shown).toEqual(["HW_MODEL_SEEN HW_MODEL"]);
    expect(sent).toEqual(["HW_IN_CALL", "HW_LATER"]);
    expect(aborted()).toBe(1);
  });

  it("shows one notice in an untrusted project and subscribes to nothing", async () => {
    const { runner, shown } = await piWith(await project("untrusted", false));
    await runner.emit({ type: "session_start", reason: "startup" });
    expect(runner.hasHandlers("tool_call")).toBe(false);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.replace(root, "<root>")).toMatchInlineSnapshot(
      `"hookwire: 1 project hook did not run: the project is not trusted. Review and trust them: hookwire trust --cwd <root>/untrusted — then /reload pi."`,
    );
  });

  it("refuses every tool call while the trusted project's guard changed, naming it, and tells the user once", async () => {
    const dir = await project("changed", true);
    writeFileSync(path.join(dir, ".hookwire/hooks/guard.js"), "export default function guard() {}\n");
    const { runner, shown } = await piWith(dir);
    await runner.emit({ type: "session_start", reason: "startup" });
    const refused = await runner.emitToolCall({
      type: "tool_call",
      toolName: "bash",
      toolCallId: "1",
      input: { command: "ls" },
    });
    expect(refused.block).toBe(true);
    expect(refused.reason.replace(root, "<root>")).toMatchInlineSnapshot(
      `"hookwire: the project's hooks changed since it was trusted: hook .hookwire/hooks/guard.js edited. Its tool calls are refused until you review and trust them: hookwire trust --cwd <root>/changed — then /reload pi."`,
    );
    expect(shown).toEqual([refused.reason]);
  });
});

describe("@hookwire/pi with an installed policy that does not match its pin", () => {
  it("refuses every tool call, naming the policy and its fix, as every other host does", async () => {
    const dir = await project("policy-broken", true);
    // Listed, never pinned (its folder is gone): its hooks cannot be the team's.
    const policies = path.join(root, "home/.config/hookwire/policies");
    mkdirSync(policies, { recursive: true, mode: 0o700 });
    const sources = path.join(policies, "sources.json");
    const team = { kind: "path", source: "/srv/team-policy", addedAt: "2026-01-01T00:00:00.000Z" };
    writeFileSync(sources, JSON.stringify({ version: 1, policies: { team } }), { mode: 0o600 });
    try {
      const { runner } = await piWith(dir);
      await runner.emit({ type: "session_start", reason: "startup" });
      const refused = await runner.emitToolCall({
        type: "tool_call",
        toolName: "bash",
        toolCallId: "1",
        input: { command: "ls" },
      });
      expect(refused?.block).toBe(true);
      expect(refused.reason).toMatchInlineSnapshot(
        `"hookwire: the policy \`team\` does not match its pin: it has no pin (its folder is missing, or it was never pinned). Tool calls are refused until you review it and pin it again: hookwire policy update team"`,
      );
    } finally {
      rmSync(sources);
    }
  });
});

describe("@hookwire/pi with an installed policy edited during the session", () => {
  it("refuses the calls after the edit and tells the user at the first of them, once, not at the next session", async () => {
    const dir = await project("policy-edited", true);
    const paths = policyPaths({ home: process.env.HOME as string, env: process.env });
    const team = policyDir(paths, "team");
    mkdirSync(path.join(team, ".claude/hooks"), { recursive: true });
    const script = path.join(team, ".claude/hooks/audit.sh");
    writeFileSync(script, "#!/bin/sh\nexit 0\n");
    const hook = { type: "command", command: 'sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/audit.sh' };
    const settings = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [hook] }] } };
    writeFileSync(path.join(team, ".claude/settings.json"), JSON.stringify(settings));
    chmodSync(paths.root, 0o700);
    const source = { kind: "path", source: "/srv/team-policy", addedAt: "2026-01-01T00:00:00.000Z" };
    writeFileSync(paths.sources, JSON.stringify({ version: 1, policies: { team: source } }), { mode: 0o600 });
    await pinPolicy(team, paths.pins, (await policyStatus(team, paths.pins)).fingerprint);
    try {
      const { runner, shown } = await piWith(dir);
      await runner.emit({ type: "session_start", reason: "startup" });
      const ls = (id: string) =>
        runner.emitToolCall({
          type: "tool_call",
          toolName: "bash",
          toolCallId: id,
          input: { command: "ls" },
        });
      expect(await ls("1")).toBeUndefined();
      expect(shown).toEqual([]);

      writeFileSync(script, "#!/bin/sh\necho edited\nexit 0\n");
      const refused = await ls("2");
      expect(refused?.block).toBe(true);
      expect(shown).toEqual([refused.reason]);
      expect(shown[0]).toMatchInlineSnapshot(
        `"hookwire: the policy \`team\` does not match its pin: its files changed on disk since it was pinned. Tool calls are refused until you review it and pin it again: hookwire policy update team"`,
      );
      expect((await ls("3"))?.block).toBe(true);
      expect(shown).toHaveLength(1);
    } finally {
      rmSync(paths.root, { recursive: true, force: true });
    }
  });
});

describe("@hookwire/pi and the user's fail-closed setting", () => {
  /** A trusted project whose settings guard cannot start (its script is gone: the shell answers 127). */
  async function broken(name: string) {
    const dir = path.join(root, name);
    mkdirSync(path.join(dir, ".hookwire"), { recursive: true });
    mkdirSync(path.join(dir, ".git"));
    const settings = {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./.hooks/gone.sh" }] }] },
    };
    writeFileSync(path.join(dir, ".hookwire/settings.json"), JSON.stringify(settings));
    await trustProject(dir, { formats: HOOK_FORMATS });
    return dir;
  }
  const hooksJson = () => path.join(process.env.XDG_CONFIG_HOME as string, "hookwire", "hooks.json");
  const ls = { type: "tool_call", toolName: "bash", toolCallId: "1", input: { command: "ls" } };

  it('refuses a call a guard failed on when the user\'s hooks.json says "onFailure": "block", naming the hook and why', async () => {
    const { runner } = await piWith(await broken("fail-closed"));
    mkdirSync(path.dirname(hooksJson()), { recursive: true });
    writeFileSync(hooksJson(), '{ "onFailure": "block" }\n');
    try {
      const refused = await runner.emitToolCall(ls);
      expect(refused.block).toBe(true);
      expect(refused.reason.replace(root, "<root>")).toMatch(
        /^hookwire: `\.hookwire\/settings\.json#hooks\.PreToolUse\[0\]\.hooks\[0\]` failed \(exited with code 127.*\); the call is refused \(fail-closed hooks: "onFailure": "block" in <root>\/home\/\.config\/hookwire\/hooks\.json\)\.$/s,
      );
    } finally {
      rmSync(hooksJson(), { force: true });
    }
  });

  it("lets the call go on without the setting (the failure is still shown)", async () => {
    const { runner, shown } = await piWith(await broken("fail-open"));
    expect(await runner.emitToolCall(ls)).toBeUndefined();
    expect(shown.join("\n")).toContain("exited with code 127");
  });
});

describe("docs/hosts.md's pi rows", () => {
  it("name pi events, each the native event of the same name (the agent registry, packages/settings-hooks/src/dialects/pi/agent.ts)", () => {
    for (const { event, native } of packageAgent("pi").events) {
      expect(PI_EVENTS).toContain(event);
      expect(native).toBe(event);
    }
  });
});
