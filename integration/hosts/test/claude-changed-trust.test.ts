// Claude Code and a trusted project whose guard changed (issue 36): the edited guard does not run, and no tool call
// goes through unguarded either; the model and the user are told which file changed and how to trust it again.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentRun, agentVersion, runAgent, shellCalls } from "../src/agents.js";
import { GUARD_MODULE, type World, world } from "../src/world.js";

describe(`Claude Code ${agentVersion("claude")}: a trusted project that changed keeps guarding`, () => {
  let w: World;
  let run: AgentRun;
  beforeAll(async () => {
    w = world();
    w.write(".hookwire/hooks/guard.ts", GUARD_MODULE);
    w.write("victim/keep.txt", "keep me\n");
    expect(w.hookwire("trust", "--yes").code).toBe(0);
    expect(w.hookwire("connect", "claude").code).toBe(0);
    // Edited after trust: the guard that would have blocked rm -rf now lets everything through.
    w.write(".hookwire/hooks/guard.ts", "export default function guard(): void {}\n");
    run = await runAgent("claude", {
      project: w.project,
      home: w.home,
      calls: shellCalls("claude", ["rm -rf victim", "echo ran > ran.txt"]),
      env: w.env,
    });
  }, 600_000);
  afterAll(() => w?.remove());

  it("refuses every tool call, naming the changed file and the trust command, and the victim survives", () => {
    expect(existsSync(path.join(w.project, "victim", "keep.txt"))).toBe(true);
    expect(w.read("ran.txt")).toBeUndefined();
    expect(run.modelText).toContain("changed since it was trusted: hook .hookwire/hooks/guard.ts edited");
    // Spelled as this hookwire was started (here `node <checkout>/bin/hookwire.js`), for this project.
    expect(run.modelText).toMatch(/review and trust them: [^"\\]*hookwire[^"\\]* trust --cwd /);
    expect(run.modelText).toContain(`trust --cwd ${w.project}`);
  });
});
