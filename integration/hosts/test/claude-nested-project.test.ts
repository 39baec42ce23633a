// Claude Code and a nested trusted project (issue 36): after `cd sub` into a project of its own that the user trusted,
// sub's guard runs too, beside the session project's, in a real, offline run.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentRun, agentVersion, runAgent, shellCalls } from "../src/agents.js";
import { GUARD_MODULE, type World, world } from "../src/world.js";

/** sub's own guard: it refuses any command naming NESTED_ME. */
const SUB_GUARD = `export default function guard(pi) {
  pi.on("tool_call", (event) => {
    if (String(event.input.command ?? "").includes("NESTED_ME")) return { block: true, reason: "HW_NESTED_BLOCKED" };
  });
}
`;

describe(`Claude Code ${agentVersion("claude")}: a nested trusted project adds its guard after cd`, () => {
  let w: World;
  let run: AgentRun;
  beforeAll(async () => {
    w = world();
    w.write(".hookwire/hooks/guard.ts", GUARD_MODULE);
    w.write("victim/keep.txt", "keep me\n");
    w.write("sub/.git/HEAD", "ref: refs/heads/main\n");
    w.write("sub/.hookwire/hooks/guard.js", SUB_GUARD);
    expect(w.hookwire("trust", "--yes").code).toBe(0);
    expect(w.hookwire("trust", "--yes", "--cwd", path.join(w.project, "sub")).code).toBe(0);
    expect(w.hookwire("connect", "claude").code).toBe(0);
    run = await runAgent("claude", {
      project: w.project,
      home: w.home,
      calls: shellCalls("claude", [
        "echo NESTED_ME > before.txt",
        "cd sub && pwd > ../where.txt",
        "echo NESTED_ME > ../nested.txt",
        "rm -rf ../victim",
      ]),
      env: w.env,
    });
  }, 600_000);
  afterAll(() => w?.remove());

  it("lets NESTED_ME through in the session's own folder, where sub's guard is not in force", () => {
    expect(w.read("before.txt")).toBe("NESTED_ME\n");
  });

  it("blocks NESTED_ME with sub's guard once the shell is in sub", () => {
    expect(w.read("where.txt")?.trim()).toBe(path.join(w.project, "sub"));
    expect(w.read("nested.txt")).toBeUndefined();
    expect(run.modelText).toContain("HW_NESTED_BLOCKED");
  });

  it("still blocks rm -rf with the session project's guard from sub (in addition, never instead)", () => {
    expect(run.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
    expect(existsSync(path.join(w.project, "victim", "keep.txt"))).toBe(true);
  });
});
