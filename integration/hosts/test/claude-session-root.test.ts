// Claude Code and the session's project (issue 36): after the model `cd`s into a folder it made look like a project
// of its own (`.git`, `.claude/`), the session project's trusted guard still decides, in a real, offline run.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentRun, agentVersion, runAgent, shellCalls } from "../src/agents.js";
import { GUARD_MODULE, type World, world } from "../src/world.js";

describe(`Claude Code ${agentVersion("claude")}: the project is the session's`, () => {
  let w: World;
  let run: AgentRun;
  beforeAll(async () => {
    w = world();
    w.write(".hookwire/hooks/guard.ts", GUARD_MODULE);
    w.write("victim/keep.txt", "keep me\n");
    expect(w.hookwire("trust", "--yes").code).toBe(0);
    expect(w.hookwire("connect", "claude").code).toBe(0);
    run = await runAgent("claude", {
      project: w.project,
      home: w.home,
      // Claude Code's shell keeps the folder between calls, and sends it as each event's `cwd`.
      calls: shellCalls("claude", [
        "mkdir -p sub/.git sub/.claude && cd sub && pwd > ../where.txt",
        "rm -rf ../victim",
        "pwd > ../after.txt",
      ]),
      env: w.env,
    });
  }, 600_000);
  afterAll(() => w?.remove());

  it("blocks rm -rf ../victim from the sub folder with the project's guard, and the victim survives", () => {
    // The model really was in sub: the shell's folder moved, and stayed there after the refused call.
    expect(w.read("where.txt")?.trim()).toBe(path.join(w.project, "sub"));
    expect(w.read("after.txt")?.trim()).toBe(path.join(w.project, "sub"));
    expect(run.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
    expect(existsSync(path.join(w.project, "victim", "keep.txt"))).toBe(true);
  });
});
