// A broken guard in real Claude Code: connected with --fail-closed-hooks the call is refused, naming the hook and
// why; connected without it the call goes on and the failure is reported (Claude Code shows the hook's message).
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentRun, agentVersion, runAgent, shellCalls } from "../src/agents.js";
import { type World, world } from "../src/world.js";

/** A guard script saved with Windows line endings: `#!/bin/sh\r` is no interpreter, so the shell answers 127. */
const CRLF_GUARD =
  '#!/bin/sh\r\ncase "$(cat)" in *rm\\ -rf*) echo "no rm -rf" >&2; exit 2;; esac\r\nexit 0\r\n';
const SETTINGS = JSON.stringify({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./.hooks/guard.sh" }] }] },
});

describe(`Claude Code ${agentVersion("claude")} with a guard that fails (exit 127, a CRLF script)`, () => {
  let w: World;
  let closed: AgentRun;
  let open: AgentRun;
  let survivedClosed = false;
  let log = "";
  beforeAll(async () => {
    w = world();
    w.write(".hooks/guard.sh", CRLF_GUARD);
    w.write(".hookwire/settings.json", SETTINGS);
    w.write("victim/keep.txt", "keep me\n");
    expect(w.hookwire("trust", "--yes").code).toBe(0);
    expect(w.hookwire("connect", "claude", "--fail-closed-hooks").code).toBe(0);
    const run = () =>
      runAgent("claude", {
        project: w.project,
        home: w.home,
        calls: shellCalls("claude", ["rm -rf victim"]),
        env: w.env,
      });
    closed = await run();
    survivedClosed = existsSync(path.join(w.project, "victim", "keep.txt"));
    expect(w.hookwire("connect", "claude").code).toBe(0);
    open = await run();
    log = w.hookwire("log", "--json").stdout;
  }, 600_000);
  afterAll(() => w?.remove());

  it("refuses the call with --fail-closed-hooks, and the model reads the hook and why", () => {
    expect(survivedClosed).toBe(true);
    expect(closed.modelText).toContain(
      "`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]` failed (exited with code 127",
    );
    expect(closed.modelText).toContain(
      "the call is refused (fail-closed hooks: connected with --fail-closed-hooks)",
    );
  });

  it("lets the call go on without it (as Claude Code does with exit 1), reporting the failure, never silently", () => {
    expect(existsSync(path.join(w.project, "victim", "keep.txt"))).toBe(false);
    expect(open.stdout).toContain("exited with code 127");
  });

  it("logs both calls as error, naming the hook", () => {
    const decisions = (
      JSON.parse(log) as { event: string; decision: string; hook?: string; reason?: string }[]
    ).filter((d) => d.event === "PreToolUse");
    expect(decisions.map((d) => [d.decision, d.hook, d.reason?.split("; ").at(-1)])).toEqual([
      ["error", ".hookwire/settings.json#hooks.PreToolUse[0].hooks[0]", "the call was refused"],
      ["error", ".hookwire/settings.json#hooks.PreToolUse[0].hooks[0]", "the call went on"],
    ]);
  });
});
