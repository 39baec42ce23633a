// What every run of an agent with hookwire inside its process must show (pi 0.73 and opencode connected per project,
// pi 1.6 per user): the project's files and the cases that check the run, in one place.
import { expect, it } from "vitest";
import type { Scenario } from "./scenario.js";

/** Claude Code's own settings: a hook that logs every Bash call, and one that refuses `rm -fr` (exit 2). */
const CLAUDE_SETTINGS = `${JSON.stringify(
  {
    hooks: {
      PreToolUse: [
        { matcher: "Bash", hooks: [{ type: "command", command: "sh .hooks/cross.sh claude-format" }] },
        { matcher: "Bash", hooks: [{ type: "command", command: "sh .hooks/deny.sh" }] },
      ],
    },
  },
  null,
  2,
)}\n`;
const DENY_SCRIPT =
  '#!/bin/sh\nif grep -q "rm -fr"; then echo "HW_CLAUDE_BLOCKED: not here" >&2; exit 2; fi\nexit 0\n';

/** The project's files besides the scenario's TS guard: a Claude Code settings hook that blocks `rm -fr`. */
export const IN_PROCESS_FILES = { ".claude/settings.json": CLAUDE_SETTINGS, ".hooks/deny.sh": DENY_SCRIPT };
/** The extra call of an in-process run: the Claude Code settings hook refuses it. */
export const IN_PROCESS_CALLS = { commands: ["rm -fr victim2"] } as const;

/**
 * The cases of one run, `s()` being its scenario once `beforeAll` ran it; `agent`: the id its decision records carry
 * (`hookwire log --agent pi`).
 */
export function inProcessCases(s: () => Scenario, agent: "pi" | "opencode"): void {
  it("leaves a decision record of each tool call hookwire judged, under the agent's id, that hookwire log shows", () => {
    const tools = s().decisions.filter((d) => d.agent === agent && d.tool !== undefined);
    const blocked = tools.filter((d) => d.decision === "block").map((d) => [d.target, d.hook]);
    expect(blocked).toContainEqual([expect.stringContaining("rm -rf"), ".hookwire/hooks/guard.ts"]);
    expect(blocked).toContainEqual([
      expect.stringContaining("rm -fr"),
      ".claude/settings.json#hooks.PreToolUse[1].hooks[0]",
    ]);
    expect(tools.some((d) => d.decision !== "block" && d.target?.includes("harmless"))).toBe(true);
  });

  it("blocks rm -rf with the TS module's reason, and the files survive", () => {
    expect(s().run.code).toBe(0);
    expect(s().after.victim).toBe(true);
    expect(s().run.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
  });

  it("blocks rm -fr with a Claude Code settings hook's reason (exit 2), and the files survive", () => {
    expect(s().victim2).toBe(true);
    expect(s().run.modelText).toContain("HW_CLAUDE_BLOCKED: not here");
    expect(s().after.cross).toContain("claude-format");
  });

  it("runs a harmless call, and the module's rewrite reaches the tool", () => {
    expect(s().after.harmless).toBe(true);
    expect(s().after.rewritten).toBe("rewritten\n");
  });

  it("hands the module's context to the model, with what it kept in the session", () => {
    expect(s().run.modelText).toContain("HW_CONTEXT_MARK calls=2");
  });

  it("shows one notice in an untrusted project, and runs none of its hooks", () => {
    const notices = s()
      .untrusted.stderr.split("\n")
      .filter((line) => line.includes("did not run"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("hookwire trust --cwd");
    expect(s().afterUntrusted.ran).toBe(true);
    expect(s().afterUntrusted.cross).toBe(s().after.cross);
    expect(s().untrusted.modelText).not.toContain("HW_CONTEXT_MARK");
  });
}

/**
 * pi 1.6 runs a follow-up a hook sends at agent_end (`pi.sendMessage(…, { triggerTurn: true })`), in print mode
 * too: the model gets the module's message in one more request, once (pi 0.73 drops it: docs/hosts.md).
 */
export function followUpCase(s: () => Scenario): void {
  it("goes on once with the module's agent_end follow-up", () => {
    const asked = s()
      .run.modelText.split("\n")
      .filter((request) => request.includes("HW_FOLLOW_UP: run the tests too"));
    expect(asked).toHaveLength(1);
  });
}
