// Claude Code as a host: hookwire connected by its own CLI guards a real, offline Claude Code run.
import { beforeAll, describe, expect, it } from "vitest";
import { agentVersion } from "../src/agents.js";
import { runScenario, type Scenario } from "../src/scenario.js";
import { crossHooks } from "../src/world.js";

// The user's own local settings, in their own layout: connect adds to them and disconnect gives them back.
const LOCAL = '{\n\t"permissions": {\n\t\t"allow": ["Bash(ls:*)"]\n\t}\n}\n';
const CODEX_HOOKS = crossHooks("codex-format");

describe(`Claude Code ${agentVersion("claude")} with hookwire connected`, () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await runScenario({
      agent: "claude",
      files: { ".claude/settings.local.json": LOCAL, ".codex/hooks.json": CODEX_HOOKS },
      connected: ".claude/settings.local.json",
    });
  }, 600_000);

  it("connects in the local settings file, next to the user's own", () => {
    expect(s.connect.stdout).toContain("updated .claude/settings.local.json");
    expect(s.connectedText).toContain('"allow": ["Bash(ls:*)"]');
    expect(s.connectedText).toContain("hook claude PreToolUse");
  });

  it("blocks rm -rf with the TS module's reason, and the files survive", () => {
    expect(s.after.victim).toBe(true);
    expect(s.run.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
  });

  it("runs a harmless call, and the module's rewrite reaches the tool", () => {
    expect(s.after.harmless).toBe(true);
    expect(s.after.rewritten).toBe("rewritten\n");
  });

  it("runs a Codex-format hook inside Claude Code", () => {
    expect(s.after.cross).toContain("codex-format");
  });

  it("hands the module's context to the model, with what it kept across processes", () => {
    expect(s.run.modelText).toContain("HW_CONTEXT_MARK calls=2");
  });

  it("makes the agent go on once when a module asks (the Stop loop kept per session)", () => {
    expect(s.run.modelText).toContain("HW_FOLLOW_UP: run the tests too");
  });

  it("refuses the call when the hookwire process crashes (Claude Code's onFailure: block)", () => {
    expect(s.after.crashed).toBe(false);
    expect(s.run.modelText).toContain('blocking because onFailure is \\"block\\"');
  });

  it("shows one line to run hookwire trust in an untrusted project, and runs none of its hooks", () => {
    expect(s.untrusted.stdout).toContain("project hook");
    expect(s.untrusted.stdout).toContain("trust --cwd");
    expect(s.untrusted.modelText).not.toContain("HW_CONTEXT_MARK");
  });

  it("restores the user's file byte for byte on disconnect", () => {
    expect(s.disconnect.stdout).toContain("restored .claude/settings.local.json byte for byte");
    expect(s.restored[".claude/settings.local.json"]).toBe(LOCAL);
    expect(s.restored[".codex/hooks.json"]).toBe(CODEX_HOOKS);
  });
});
