// Claude Code and Copilot CLI with http hooks (`hookwire connect <agent> --http`) calling a real `hookwire serve`: Claude
// Code as connect leaves it on a fresh machine (nothing exported), Copilot CLI with the token exported by hand.
import { beforeAll, describe, expect, it } from "vitest";
import { agentVersion } from "../src/agents.js";
import {
  type FreshHttpScenario,
  type HttpScenario,
  runFreshHttpScenario,
  runHttpScenario,
  runSquattedHttpScenario,
  type SquattedHttpScenario,
} from "../src/http-scenario.js";

describe(`Claude Code ${agentVersion("claude")} with connect --http on a fresh machine: nothing exported, no server started by hand`, () => {
  let s: FreshHttpScenario;
  beforeAll(async () => {
    s = await runFreshHttpScenario();
  }, 600_000);

  it("gives Claude Code the token in its local settings' env, and the SessionStart command starts the server", () => {
    const settings = JSON.parse(s.connectedText ?? "{}");
    expect(settings.env.HOOKWIRE_TOKEN).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(settings.hooks.SessionStart[0].hooks[0].command).toMatch(
      / hook claude SessionStart --http-port \d+$/,
    );
    expect(settings.hooks.PreToolUse[0].hooks[0]).toMatchObject({ type: "http", onFailure: "block" });
  });

  it("blocks rm -rf through the server the session started, and the files survive", () => {
    expect(s.after.victim).toBe(true);
    expect(s.run.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
  });

  it("runs a harmless call", () => {
    expect(s.after.harmless).toBe(true);
  });

  it("refuses the call after the server was killed mid-session, and the refusal names the fix", () => {
    expect(s.after.killed).toBe(true);
    expect(s.after.afterKill).toBe(false);
    const refusal =
      /PreToolUse:Bash hook error: \[http:\/\/127\.0\.0\.1:\d+\/claude\/PreToolUse\?if-refused=run-hookwire-doctor\]: failed; blocking because onFailure is \\"block\\"\\nconnect ECONNREFUSED/;
    expect(s.run.modelText).toMatch(refusal);
  });

  it("doctor warns while the server is gone and is green once it runs again", () => {
    expect(s.doctorDown.stdout).toContain("no hookwire server listens on 127.0.0.1:");
    expect(s.doctorUp.stdout).not.toContain("127.0.0.1:");
  });
});

describe(`Claude Code ${agentVersion("claude")} with connect --http when another local user took the port first`, () => {
  let s: SquattedHttpScenario;
  beforeAll(async () => {
    s = await runSquattedHttpScenario();
  }, 600_000);

  it("stops the session before the model runs, saying who holds the port and how to fix it", () => {
    expect(s.run.requests).toBe(0);
    const result = s.run.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line))
      .find((event) => event.type === "result");
    expect(result.result.replaceAll(String(s.port), "<port>")).toMatchInlineSnapshot(
      `"Operation stopped by hook: hookwire: another user (uid 65534) listens on 127.0.0.1:<port>, where Claude Code's http hooks would send every call and your hookwire token, and it could allow them: this session is stopped. Fix: hookwire connect claude --http --port <a free port> (or free port <port>); hookwire doctor says more."`,
    );
  });

  it("sends the other user's listener nothing (no call, no token), and the files survive", () => {
    expect(s.connections).toBe(0);
    expect(s.after.victim).toBe(true);
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
