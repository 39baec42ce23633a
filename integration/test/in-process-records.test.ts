// pi (its real 0.73.1 extension runner) and opencode (the plugin as opencode calls it) with hookwire in their own
// process leave decision records under their agent's id, and `hookwire log` (run in-process) shows them beside the
// CLI's: the same schema and writer for every host (`@hookwire/project/records`).
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { HOOK_FORMATS, trustProject } from "@hookwire/loader";
import { type Decision, decisionLogFile, readDecisions } from "@hookwire/project/records";
import { runCli } from "hookwire";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureBuilt } from "../../scripts/ensure-built.js";
import { pi073 } from "./pi/support/pi-packages.js";
import { tempDir } from "./support/temp-dir.js";

// biome-ignore lint/suspicious/noExplicitAny: pi's runner is driven through its untyped dist modules.
type Any = any;

const require = createRequire(import.meta.url);
/** Each package as an agent loads it: its built entry. */
const PI_EXTENSION = require.resolve("@hookwire/pi");
const OPENCODE_PLUGIN = require.resolve("@hookwire/opencode");

/** Blocks `rm -rf` (naming a secret the record must not keep), rewrites `original`, lets the rest through. */
const GUARD = `export default function guard(pi) {
  pi.on("tool_call", (event) => {
    const command = String(event.input.command ?? "");
    if (command.includes("rm -rf")) return { block: true, reason: "HW_BLOCKED with token ghp_${"A1b2C3d4E5".repeat(4)}" };
    if (command.includes("original")) return { input: { ...event.input, command: command.replace("original", "rewritten") } };
  });
}
`;

const ENV = ["HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"] as const;
const savedCwd = process.cwd();
const saved: Record<string, string | undefined> = Object.fromEntries(
  ENV.map((key) => [key, process.env[key]]),
);
let box: ReturnType<typeof tempDir>;

async function project(name: string): Promise<string> {
  const dir = path.join(box.dir, name);
  mkdirSync(path.join(dir, ".hookwire/hooks"), { recursive: true });
  mkdirSync(path.join(dir, ".git"));
  writeFileSync(path.join(dir, ".hookwire/hooks/guard.js"), GUARD);
  await trustProject(dir, { formats: HOOK_FORMATS });
  return dir;
}

/** `hookwire …` in this process: what it printed. */
async function hookwire(args: string[]): Promise<string> {
  let out = "";
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    out += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
  }) as typeof process.stdout.write;
  try {
    await runCli(args);
  } finally {
    process.stdout.write = write;
  }
  return out;
}

/** The records once the host's batch is written (within a few milliseconds). */
async function records(count: number): Promise<Decision[]> {
  return vi.waitFor(
    () => {
      const found = readDecisions();
      if (found.length < count) throw new Error(`${found.length} of ${count} records so far`);
      return found;
    },
    { timeout: 5000, interval: 20 },
  );
}

/** Log lines with what changes from run to run (times, durations, the temporary folder) fixed. */
const steady = (text: string) =>
  text
    .replaceAll(box.dir, "<tmp>")
    .replace(/^\S+Z {2}/gm, "<time>  ")
    .replace(/\d+(\.\d+)? (ms|s)(?= {2})/g, (time) => "<ms>".padStart(time.length));

beforeAll(() => {
  ensureBuilt();
  box = tempDir("records");
  process.env.HOME = path.join(box.dir, "home");
  process.env.XDG_CONFIG_HOME = path.join(box.dir, "home/.config");
  process.env.XDG_STATE_HOME = path.join(box.dir, "home/.local/state");
});
afterAll(() => {
  process.chdir(savedCwd);
  for (const key of ENV) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  box.remove();
});

describe("decision records from the agents that run hookwire in their own process", () => {
  it("pi 0.73.1: each tool call hookwire judged is a record under pi's id, its session and project, secrets out", async () => {
    const dir = await project("pi-project");
    const { loadExtensions } = await pi073.load<Any>("core/extensions/loader.js");
    const { ExtensionRunner } = await pi073.load<Any>("core/extensions/runner.js");
    const { SessionManager } = await pi073.load<Any>("core/session-manager.js");
    process.chdir(dir);
    const { extensions, errors, runtime } = await loadExtensions([PI_EXTENSION], dir);
    expect(errors).toEqual([]);
    const sessions = SessionManager.inMemory(dir);
    const runner: Any = new ExtensionRunner(extensions, runtime, dir, sessions, undefined);
    runner.bindCore({ sendMessage() {}, sendUserMessage() {}, appendEntry() {} }, { isIdle: () => true });
    runner.setUIContext({ notify() {} });
    await runner.emit({ type: "session_start", reason: "startup" });
    const call = (id: string, command: string) =>
      runner.emitToolCall({ type: "tool_call", toolName: "bash", toolCallId: id, input: { command } });
    expect(await call("1", "rm -rf build")).toMatchObject({ block: true });
    expect(await call("2", "echo original")).toBeUndefined();
    expect(await call("3", "ls")).toBeUndefined();

    const kept = await records(3);
    expect(new Set(kept.map((d) => d.session))).toEqual(new Set([sessions.getSessionId()]));
    expect(
      kept.map((d) => [d.agent, d.project, d.native, d.user !== undefined, d.host !== undefined]),
    ).toEqual(Array(3).fill(["pi", realpathSync(dir), "tool_call", true, true]));
    expect(JSON.stringify(kept)).not.toContain("ghp_");

    expect(steady(await hookwire(["log", "--agent", "pi"]))).toMatchInlineSnapshot(`
      "<time>  pi      tool_call          block          <ms>  bash  rm -rf build  by .hookwire/hooks/guard.js  HW_BLOCKED with token [redacted:github-token]
      <time>  pi      tool_call          rewrite        <ms>  bash  echo original
      <time>  pi      tool_call          none           <ms>  bash  ls
      "
    `);
  });

  it("opencode: each tool call the plugin judged is a record under opencode's id, with its session", async () => {
    const before = readDecisions().length;
    const dir = await project("opencode-project");
    const { HookwirePlugin } = await import(pathToFileURL(OPENCODE_PLUGIN).href);
    const hooks = await HookwirePlugin({ directory: dir });
    const call = (id: string) => ({ tool: "bash", sessionID: "ses_opencode1", callID: id });
    await expect(
      hooks["tool.execute.before"](call("1"), { args: { command: "rm -rf build" } }),
    ).rejects.toThrow("HW_BLOCKED");
    const args = { command: "echo original" };
    await hooks["tool.execute.before"](call("2"), { args });
    expect(args).toEqual({ command: "echo rewritten" });

    const kept = (await records(before + 2)).slice(before);
    expect(kept.map((d) => [d.agent, d.session, d.event, d.project])).toEqual(
      Array(2).fill(["opencode", "ses_opencode1", "tool.execute.before", realpathSync(dir)]),
    );

    expect(steady(await hookwire(["log", "--agent", "opencode"]))).toMatchInlineSnapshot(`
      "<time>  opencode tool.execute.before block          <ms>  bash  rm -rf build  by .hookwire/hooks/guard.js  HW_BLOCKED with token [redacted:github-token]
      <time>  opencode tool.execute.before rewrite        <ms>  bash  echo original
      "
    `);
    expect(steady(await hookwire(["log", "--summary"]))).toMatchInlineSnapshot(`
      "5 decision(s) by the hook that made them:
      HOOK                      TOTAL  BLOCK  REWRITE   NONE
      (no hook)                     3      -        2      1
      .hookwire/hooks/guard.js      2      2        -      -
      "
    `);
    expect(decisionLogFile()).toBe(path.join(box.dir, "home/.local/state/hookwire/decisions.jsonl"));
  });
});
