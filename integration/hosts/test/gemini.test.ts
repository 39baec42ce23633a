// Gemini CLI as a host: hookwire connected by its own CLI guards a real, offline `gemini -p` run.
import { beforeAll, describe, expect, it } from "vitest";
import { agentVersion } from "../src/agents.js";
import { runScenario, type Scenario } from "../src/scenario.js";
import { crossHooks } from "../src/world.js";

// The user's own workspace settings, in their own layout: connect adds to them and disconnect gives them back.
const SETTINGS = '{\n    "ui": {\n        "hideBanner": true\n    },\n    "tools": { "sandbox": false }\n}\n';
const CLAUDE_HOOKS = crossHooks("claude-format");

describe(`Gemini CLI ${agentVersion("gemini")} with hookwire connected`, () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await runScenario({
      agent: "gemini",
      files: { ".gemini/settings.json": SETTINGS, ".claude/settings.json": CLAUDE_HOOKS },
      connected: ".gemini/settings.json",
    });
  }, 600_000);

  it("connects in .gemini/settings.json, next to the user's own settings", () => {
    expect(s.connect.stdout).toContain("updated .gemini/settings.json");
    expect(s.connectedText).toContain('"hideBanner": true');
    expect(s.connectedText).toContain("hook gemini BeforeTool");
  });

  it("blocks rm -rf with the TS module's reason, and the files survive", () => {
    expect(s.after.victim).toBe(true);
    expect(s.run.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
  });

  it("runs a harmless call, and the module's rewrite reaches the tool", () => {
    expect(s.after.harmless).toBe(true);
    expect(s.after.rewritten).toBe("rewritten\n");
  });

  it("runs a Claude-format hook inside Gemini CLI", () => {
    expect(s.after.cross).toContain("claude-format");
  });

  it("hands the module's context to the model, with what it kept across processes", () => {
    expect(s.run.modelText).toContain("HW_CONTEXT_MARK calls=2");
  });

  it("makes the agent go on once when a module asks (AfterAgent's retry)", () => {
    expect(s.run.modelText).toContain("HW_FOLLOW_UP: run the tests too");
  });

  it("refuses the call when the hookwire process crashes (the entry's own guard: Gemini CLI has no fail-closed switch)", () => {
    expect(s.after.crashed).toBe(false);
    expect(s.run.modelText).toContain("hookwire could not run: the action is refused");
  });

  it("tells of an untrusted project, and runs none of its hooks", () => {
    expect(`${s.untrusted.stderr}\n${s.untrusted.modelText}`).toContain("trust --cwd");
    expect(s.untrusted.modelText).not.toContain("HW_CONTEXT_MARK");
  });

  it("restores the user's file byte for byte on disconnect", () => {
    expect(s.disconnect.stdout).toContain("restored .gemini/settings.json byte for byte");
    expect(s.restored[".gemini/settings.json"]).toBe(SETTINGS);
    expect(s.restored[".claude/settings.json"]).toBe(CLAUDE_HOOKS);
  });
});
