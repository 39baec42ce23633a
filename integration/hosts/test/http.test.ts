// Claude Code and Copilot CLI with http hooks (`hookwire connect <agent> --http`) calling a real `hookwire serve`.
import { beforeAll, describe, expect, it } from "vitest";
import { agentVersion } from "../src/agents.js";
import { type HttpScenario, runHttpScenario } from "../src/http-scenario.js";

describe(`Claude Code ${agentVersion("claude")} with http hooks to hookwire serve`, () => {
  let s: HttpScenario;
  beforeAll(async () => {
    s = await runHttpScenario("claude", ".claude/settings.local.json");
  }, 600_000);

  it("registers http hooks whose token comes from the agent's environment, never from the file", () => {
    expect(s.connectedText).toContain('"type": "http"');
    expect(s.connectedText).toContain('"Authorization": "Bearer $HOOKWIRE_TOKEN"');
    expect(s.connectedText).toContain('"allowedEnvVars": [');
    expect(s.connectedText).not.toMatch(/Bearer [0-9a-f]{64}/);
  });

  it("blocks rm -rf through the server with the TS module's reason, and the files survive", () => {
    expect(s.after.victim).toBe(true);
    expect(s.up.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
  });

  it("runs a harmless call", () => {
    expect(s.after.harmless).toBe(true);
  });

  it("refuses tool calls while the server is down (Claude Code's onFailure: block)", () => {
    expect(s.after.whileDown).toBe(false);
    expect(s.down.modelText).toContain(
      'failed; blocking because onFailure is \\"block\\"\\nconnect ECONNREFUSED',
    );
  });
});

describe(`Copilot CLI ${agentVersion("copilot")} with http hooks to hookwire serve`, () => {
  let s: HttpScenario;
  beforeAll(async () => {
    s = await runHttpScenario("copilot", ".github/hooks/hookwire.json");
  }, 600_000);

  it("registers http hooks whose token comes from the agent's environment, never from the file", () => {
    expect(s.connectedText).toContain('"type": "http"');
    expect(s.connectedText).toContain('"Authorization": "Bearer $HOOKWIRE_TOKEN"');
    expect(s.connectedText).not.toMatch(/Bearer [0-9a-f]{64}/);
  });

  it("blocks rm -rf through the server, and the files survive", () => {
    expect(s.after.victim).toBe(true);
    expect(s.up.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
  });

  it("runs a harmless call", () => {
    expect(s.after.harmless).toBe(true);
  });

  it("refuses tool calls while the server is down (Copilot CLI's own refusal of an erroring hook)", () => {
    expect(s.after.whileDown).toBe(false);
    expect(s.down.modelText).toContain(
      'Denied by preToolUse hook from \\".github/hooks/hookwire.json\\" (hook errored)',
    );
  });
});
