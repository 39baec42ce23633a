// `hookwire connect <agent> --managed` in the real agents' organisation-level files, as root: the agent runs hookwire's
// guard from there, the project's own switches do not turn it off, and the agent's managed-only switch keeps the
// project's hooks out. The files are the machine's own (/etc), so one lock keeps these runs apart and each is short.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AGENTS, type HookAgentSpec } from "@hookwire/settings-hooks/agents";
import lockfile from "proper-lockfile";
import { describe, expect, it } from "vitest";
import { type AgentId, type AgentRun, agentVersion, runAgent, shellCalls } from "../src/agents.js";
import { COMMANDS, GUARD_MODULE, world } from "../src/world.js";

const ROOT = process.getuid?.() === 0;
/** Every managed run on this machine waits for this lock: the agents read one /etc for every process. */
const LOCK = path.join(os.tmpdir(), "hookwire-managed-settings.lock");
/** A project hook of the agent's own: it leaves `project-hook.txt` when the agent runs it. */
const MARK = "sh -c 'cat > /dev/null; echo ran >> project-hook.txt'";

interface Case {
  agent: Exclude<AgentId, "pi" | "pi16" | "opencode">;
  /** The project's own switch that turns every hook off in the agent. */
  off: Record<string, string>;
  /** A project hook of the agent's own format (absent where the agent has no managed-only switch). */
  own?: Record<string, string>;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const CASES: Case[] = [
  {
    agent: "claude",
    off: { ".claude/settings.json": json({ disableAllHooks: true }) },
    own: {
      ".claude/settings.json": json({
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: MARK }] }] },
      }),
    },
  },
  {
    agent: "codex",
    off: { ".codex/config.toml": "[features]\nhooks = false\n" },
    own: {
      ".codex/hooks.json": json({
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: MARK }] }] },
      }),
    },
  },
  {
    agent: "gemini",
    off: { ".gemini/settings.json": json({ hooksConfig: { enabled: false } }) },
  },
  {
    agent: "copilot",
    off: {
      ".github/copilot/settings.json": json({ disableAllHooks: true }),
      ".github/hooks/off.json": json({ version: 1, disableAllHooks: true, hooks: {} }),
    },
    own: {
      ".github/hooks/own.json": json({
        version: 1,
        hooks: { preToolUse: [{ type: "command", bash: MARK, timeoutSec: 30 }] },
      }),
    },
  },
];

/** Where the agent reads its managed files: Gemini CLI's variable moves its file to a root-only folder of ours. */
function placeFor(agent: HookAgentSpec): { env: Record<string, string>; files: string[]; cleanup(): void } {
  const channel = agent.managed;
  if (!channel) throw new Error(`${agent.id} has no managed channel`);
  if (channel.variable) {
    // Gemini CLI reads a system file only when root owns it and every folder above it, none writable by others: not
    // under /tmp. The test user's home is root's own here.
    const base = path.join(os.homedir(), ".cache");
    mkdirSync(base, { recursive: true, mode: 0o755 });
    const dir = mkdtempSync(path.join(base, "hookwire-managed-"));
    return {
      env: { [channel.variable]: path.join(dir, "etc", "settings.json") },
      files: [],
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const files = [channel.file, ...(channel.settingsFile ? [channel.settingsFile] : [])];
  return { env: {}, files, cleanup() {} };
}

interface Outcome {
  connect: { code: number | null; stdout: string; stderr: string };
  run: AgentRun;
  victim: boolean;
  harmless: boolean;
  projectHook: boolean;
  disconnect: { code: number | null; stdout: string };
  leftOver: string[];
}

/** One run with hookwire connected in the managed files and `project` in the project, under the machine's lock. */
async function managedRun(c: Case, project: Record<string, string>, agentReview = false): Promise<Outcome> {
  const agent = AGENTS[c.agent] as HookAgentSpec;
  const w = world();
  const place = placeFor(agent);
  const taken = place.files.filter((file) => existsSync(path.dirname(file)));
  if (taken.length > 0) throw new Error(`this machine already has ${taken.join(", ")}: not ours to replace`);
  const release = await lockfile.lock(LOCK, {
    realpath: false,
    retries: { retries: 600, minTimeout: 100, maxTimeout: 1000 },
  });
  try {
    w.write(".hookwire/hooks/guard.ts", GUARD_MODULE);
    w.write("victim/keep.txt", "keep me\n");
    for (const [file, text] of Object.entries(project)) w.write(file, text);
    const trust = w.hookwire("trust", "--yes");
    if (trust.code !== 0) throw new Error(`hookwire trust failed: ${trust.stderr}`);
    const env = { ...w.env, ...place.env };
    const connect = w.hookwireWith(env, "connect", c.agent, "--managed");
    const run = await runAgent(c.agent, {
      project: w.project,
      home: w.home,
      calls: shellCalls(c.agent, [COMMANDS.destroy, COMMANDS.harmless]),
      env,
      agentReview,
    });
    const disconnect = w.hookwireWith(env, "disconnect", c.agent, "--managed");
    return {
      connect,
      run,
      victim: existsSync(path.join(w.project, "victim", "keep.txt")),
      harmless: w.read("harmless.txt") !== undefined,
      projectHook: w.read("project-hook.txt") !== undefined,
      disconnect,
      leftOver: place.files.filter((file) => existsSync(path.dirname(file))),
    };
  } finally {
    // Whatever happened, the machine's folders connect made go (none of them was there before).
    for (const file of place.files) rmSync(path.dirname(file), { recursive: true, force: true });
    place.cleanup();
    await release();
    w.remove();
  }
}

describe.skipIf(!ROOT)(
  "connect --managed in the real agents (needs root: it writes the machine's /etc)",
  () => {
    for (const c of CASES) {
      const label = `${AGENTS[c.agent].label} ${agentVersion(c.agent)}`;
      it(`${label}: runs hookwire's guard from the managed file, and the project's own switch does not turn it off`, async () => {
        // The agent's own review of hooks stays on: nobody on the machine approved the organisation's hook (Codex runs
        // a managed hook unreviewed).
        const out = await managedRun(c, c.off, true);
        expect(out.connect.code, out.connect.stderr).toBe(0);
        expect(out.connect.stdout).toContain("every user on this machine");
        // The guard refused rm -rf: the victim survives and the model saw the guard's reason; the harmless call ran.
        expect(out.victim).toBe(true);
        expect(out.run.modelText).toContain("rm -rf is not allowed here");
        expect(out.harmless).toBe(true);
        expect(out.disconnect.code).toBe(0);
        expect(out.leftOver).toEqual([]);
      }, 300_000);

      // The agent's review is bypassed here, so the project's hook is kept out by the managed-only switch alone.
      const own = c.own;
      if (own)
        it(`${label}: with the managed-only switch connect writes, the project's own hook does not run`, async () => {
          const out = await managedRun(c, own);
          expect(out.connect.code, out.connect.stderr).toBe(0);
          expect(out.victim).toBe(true);
          expect(out.harmless).toBe(true);
          expect(out.projectHook).toBe(false);
        }, 300_000);
    }
  },
);
