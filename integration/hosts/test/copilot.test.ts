// GitHub Copilot CLI as a host: hookwire connected by its own CLI guards a real, offline `copilot -p` run (BYOK).
import { beforeAll, describe, expect, it } from "vitest";
import { agentVersion } from "../src/agents.js";
import { runScenario, type Scenario } from "../src/scenario.js";
import { crossHooks } from "../src/world.js";

const CODEX_HOOKS = crossHooks("codex-format");

describe(`GitHub Copilot CLI ${agentVersion("copilot")} with hookwire connected`, () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await runScenario({
      agent: "copilot",
      files: { ".codex/hooks.json": CODEX_HOOKS },
      connected: ".github/hooks/hookwire.json",
    });
  }, 600_000);

  it("connects in a hooks file of its own under .github/hooks", () => {
    expect(s.connect.stdout).toContain("created .github/hooks/hookwire.json");
    expect(s.connectedText).toContain('"version": 1');
    expect(s.connectedText).toContain("hook copilot preToolUse");
  });

  it("blocks rm -rf with the TS module's reason, and the files survive", () => {
    expect(s.after.victim).toBe(true);
    expect(s.run.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
  });

  it("runs a harmless call, and the module's rewrite reaches the tool", () => {
    expect(s.after.harmless).toBe(true);
    expect(s.after.rewritten).toBe("rewritten\n");
  });

  it("runs a Codex-format hook inside Copilot CLI", () => {
    expect(s.after.cross).toContain("codex-format");
  });

  it("hands the module's context to the model, with what it kept across processes", () => {
    expect(s.run.modelText).toContain("HW_CONTEXT_MARK calls=2");
  });

  it("makes the agent go on once when a module asks", () => {
    expect(s.run.modelText).toContain("HW_FOLLOW_UP: run the tests too");
  });

  it("refuses the call when the hookwire process crashes (Copilot CLI denies when a preToolUse hook fails)", () => {
    expect(s.after.crashed).toBe(false);
    expect(s.run.modelText).toContain("Denied by preToolUse hook");
  });

  it("tells of an untrusted project (to the model: Copilot shows a hook's line nowhere), and runs none of its hooks", () => {
    expect(s.untrusted.modelText).toContain("trust --cwd");
    expect(s.untrusted.modelText).not.toContain("HW_CONTEXT_MARK");
  });

  it("removes the file it created on disconnect", () => {
    expect(s.disconnect.stdout).toContain("removed .github/hooks/hookwire.json");
    expect(s.restored[".github/hooks/hookwire.json"]).toBeUndefined();
    expect(s.restored[".codex/hooks.json"]).toBe(CODEX_HOOKS);
  });
});
