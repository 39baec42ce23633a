// A file the project commits, as a teammate gets it (issue 36): connect writes `hookwire-hook` from PATH, so where hookwire
// is installed the guard blocks, and where it is not the agent refuses the tool call, saying how to install hookwire.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentRun, agentVersion, runAgent, shellCalls } from "../src/agents.js";
import { GUARD_MODULE, PATH_WITHOUT_HOOKWIRE, type World, world } from "../src/world.js";

const INSTALL = "hookwire is not installed: npm install -g hookwire. The action is refused.";

describe.each([
  { agent: "gemini", file: ".gemini/settings.json", connect: ["gemini"], event: "BeforeTool" },
  { agent: "claude", file: ".claude/settings.json", connect: ["claude", "--shared"], event: "PreToolUse" },
] as const)(`$agent with a committed $file`, ({ agent, file, connect, event }) => {
  let w: World;
  let withHookwire: AgentRun;
  let without: AgentRun;
  const survived: boolean[] = [];
  beforeAll(async () => {
    w = world();
    w.write(".hookwire/hooks/guard.ts", GUARD_MODULE);
    w.write("victim/keep.txt", "keep me\n");
    expect(w.hookwire("trust", "--yes").code).toBe(0);
    expect(w.hookwire("connect", ...connect).code).toBe(0);
    const run = (env: Record<string, string>) =>
      runAgent(agent, { project: w.project, home: w.home, calls: shellCalls(agent, ["rm -rf victim"]), env });
    withHookwire = await run(w.env);
    survived.push(existsSync(path.join(w.project, "victim", "keep.txt")));
    // A teammate's machine: no hookwire-hook on PATH (and no hookwire server of theirs to answer).
    without = await run({ ...w.env, PATH: PATH_WITHOUT_HOOKWIRE });
    survived.push(existsSync(path.join(w.project, "victim", "keep.txt")));
  }, 600_000);
  afterAll(() => w?.remove());

  it(`${agentVersion(agent)}: names no path of this machine in the file`, () => {
    const text = w.read(file) ?? "";
    expect(text).toContain(`hookwire-hook hook ${agent} ${event}`);
    expect(text).not.toContain(path.dirname(w.project));
  });

  it("blocks rm -rf with the project's guard where hookwire-hook is on PATH", () => {
    expect(survived[0]).toBe(true);
    expect(withHookwire.modelText.includes("HW_BLOCKED: rm -rf is not allowed here")).toBe(true);
  });

  it("refuses the call where hookwire is not installed, and the model reads how to install it", () => {
    expect(survived[1]).toBe(true);
    expect(without.modelText.includes(INSTALL), "the model reads the install message").toBe(true);
  });
});
