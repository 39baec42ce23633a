// Codex and Gemini CLI guarded through the shell entry connect writes (`hookwire-hook`), offline: with this user's
// server running the entry sends each call to it and no hookwire Node process starts; with none (and the server turned
// off) the entry hands each call to the Node adapter. Both block the denied call.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentRun, agentVersion, runAgent, shellCalls } from "../src/agents.js";
import { freePort } from "../src/http-scenario.js";
import { GUARD_MODULE, type World, world } from "../src/world.js";

/**
 * Loaded into every Node process the agent's hooks start (NODE_OPTIONS): a hookwire CLI started for a call writes its
 * arguments down, so a run tells whether any call needed a Node start.
 */
const NODE_MARK = `const script = process.argv[1] || "";
if (script.endsWith("hookwire.js")) require("node:fs").appendFileSync(process.env.HW_NODE_MARK, process.argv.slice(2).join(" ") + "\\n");
`;

interface Run {
  run: AgentRun;
  survived: boolean;
  /** The hookwire Node starts the run caused (`hook <agent> <event>` each). */
  nodeStarts: string[];
  /** The server's `calls` before and after the run (`undefined`: none running). */
  calls: [number | undefined, number | undefined];
}

describe.each([
  { agent: "codex", file: ".codex/hooks.json", event: "PreToolUse" },
  { agent: "gemini", file: ".gemini/settings.json", event: "BeforeTool" },
] as const)("$agent through the shell entry", ({ agent, file, event }) => {
  let w: World;
  let warm: Run;
  let cold: Run;
  beforeAll(async () => {
    w = world();
    w.write(".hookwire/hooks/guard.ts", GUARD_MODULE);
    const mark = path.join(w.root, "node-mark.cjs");
    writeFileSync(mark, NODE_MARK);
    expect(w.hookwire("trust", "--yes").code).toBe(0);
    expect(w.hookwire("connect", agent).code).toBe(0);
    const calls = (): number | undefined =>
      JSON.parse(w.hookwire("status", "--json").stdout).server.running?.calls;
    const once = async (name: string, env: Record<string, string>): Promise<Run> => {
      w.write("victim/keep.txt", "keep me\n");
      const log = path.join(w.root, `${name}.log`);
      writeFileSync(log, "");
      const before = calls();
      const run = await runAgent(agent, {
        project: w.project,
        home: w.home,
        calls: shellCalls(agent, ["rm -rf victim"]),
        env: { ...w.env, ...env, NODE_OPTIONS: `--require ${mark}`, HW_NODE_MARK: log },
      });
      return {
        run,
        survived: existsSync(path.join(w.project, "victim", "keep.txt")),
        nodeStarts: readFileSync(log, "utf8").split("\n").filter(Boolean),
        calls: [before, calls()],
      };
    };
    // Warm: this user's server runs (`serve --ensure` starts it in the background and waits until it answers).
    const port = await freePort();
    expect(w.hookwire("serve", "--ensure", "--port", String(port)).code).toBe(0);
    warm = await once("warm", {});
    // No server: stopped, and turned off so no call starts one.
    w.hookwire("serve", "--stop");
    cold = await once("cold", { HOOKWIRE_SERVER: "off" });
  }, 600_000);
  afterAll(() => w?.remove());

  it(`${agentVersion(agent)}: runs the shell entry connect wrote (from PATH: the project commits the file)`, () => {
    expect(w.read(file)).toContain(`hookwire-hook hook ${agent} ${event}`);
  });

  it("warm: blocks rm -rf through the running server, with no hookwire Node start", () => {
    expect(warm.survived).toBe(true);
    expect(warm.run.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
    expect(warm.nodeStarts).toEqual([]);
    expect(warm.calls[1] ?? 0).toBeGreaterThan(warm.calls[0] ?? Number.POSITIVE_INFINITY);
  });

  it("no server: blocks rm -rf through the Node adapter the entry falls back to, and starts no server", () => {
    expect(cold.survived).toBe(true);
    expect(cold.run.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
    expect(cold.nodeStarts).toContain(`hook ${agent} ${event}`);
    expect(cold.calls).toEqual([undefined, undefined]);
  });
});
