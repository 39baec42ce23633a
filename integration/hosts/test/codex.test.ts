// Codex as a host: hookwire connected by its own CLI guards a real, offline `codex exec` run.
import { beforeAll, describe, expect, it } from "vitest";
import { agentVersion } from "../src/agents.js";
import { runScenario, type Scenario } from "../src/scenario.js";
import { crossHooks } from "../src/world.js";

// The user's own Codex hook, which Codex keeps running itself: connect adds beside it, disconnect gives it back.
const OWN = `${JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: "command", command: "echo own-hook" }] }] } }, null, 2)}\n`;
const CLAUDE_HOOKS = crossHooks("claude-format");

describe(`Codex ${agentVersion("codex")} with hookwire connected`, () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await runScenario({
      agent: "codex",
      files: { ".codex/hooks.json": OWN, ".claude/settings.json": CLAUDE_HOOKS },
      connected: ".codex/hooks.json",
    });
  }, 600_000);

  it("connects in .codex/hooks.json, next to the user's own hook, and says what Codex asks to approve", () => {
    expect(s.connect.stdout).toContain("updated .codex/hooks.json");
    expect(s.connect.stdout).toContain("/hooks");
    expect(s.connectedText).toContain("echo own-hook");
    expect(s.connectedText).toContain("hook codex PreToolUse");
  });

  it("blocks rm -rf with the TS module's reason, and the files survive", () => {
    expect(s.after.victim).toBe(true);
    expect(s.run.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
  });

  it("runs a harmless call, and the module's rewrite reaches the tool", () => {
    expect(s.after.harmless).toBe(true);
    expect(s.after.rewritten).toBe("rewritten\n");
  });

  it("runs a Claude-format hook inside Codex", () => {
    expect(s.after.cross).toContain("claude-format");
  });

  it("hands the module's context to the model, with what it kept across processes", () => {
    expect(s.run.modelText).toContain("HW_CONTEXT_MARK calls=2");
  });

  it("makes the agent go on once when a module asks", () => {
    expect(s.run.modelText).toContain("HW_FOLLOW_UP: run the tests too");
  });

  it("refuses the call when the hookwire process crashes (the entry's own guard: Codex has no fail-closed switch)", () => {
    expect(s.after.crashed).toBe(false);
    expect(s.run.modelText).toContain("hookwire could not run: the action is refused");
  });

  it("tells of an untrusted project (to the model: codex exec shows a hook's line nowhere), and runs none of its hooks", () => {
    expect(s.untrusted.modelText).toContain("project hook");
    expect(s.untrusted.modelText).toContain("trust --cwd");
    expect(s.untrusted.modelText).not.toContain("HW_CONTEXT_MARK");
  });

  it("restores the user's file byte for byte on disconnect", () => {
    expect(s.disconnect.stdout).toContain("restored .codex/hooks.json byte for byte");
    expect(s.restored[".codex/hooks.json"]).toBe(OWN);
    expect(s.restored[".claude/settings.json"]).toBe(CLAUDE_HOOKS);
  });
});
