// pi as a host: `hookwire connect pi` adds @hookwire/pi to the project's pi settings, pi installs it from npm (a
// local registry of this checkout's packages) and runs hookwire in its own process on a real, offline run.
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { agentVersion } from "../src/agents.js";
import { runScenario, type Scenario } from "../src/scenario.js";

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
// The user's own pi settings: connect adds to them, disconnect gives them back.
const PI_SETTINGS = '{\n  "defaultThinkingLevel": "off"\n}\n';

describe(`pi ${agentVersion("pi")} with hookwire connected (in-process)`, () => {
  let s: Scenario;
  beforeAll(async () => {
    ensureBuilt();
    s = await runScenario({
      agent: "pi",
      files: {
        ".claude/settings.json": CLAUDE_SETTINGS,
        ".hooks/deny.sh": DENY_SCRIPT,
        ".pi/settings.json": PI_SETTINGS,
      },
      connected: ".pi/settings.json",
      inProcess: { commands: ["rm -fr victim2"] },
    });
  }, 600_000);

  it("adds hookwire's package to the project's pi settings, next to the user's own", () => {
    expect(s.connect.stdout).toContain('updated .pi/settings.json: packages += "npm:@hookwire/pi"');
    expect(JSON.parse(s.connectedText ?? "{}")).toEqual({
      defaultThinkingLevel: "off",
      packages: ["npm:@hookwire/pi"],
    });
  });

  it("blocks rm -rf with the TS module's reason, and the files survive", () => {
    expect(s.run.code).toBe(0);
    expect(s.after.victim).toBe(true);
    expect(s.run.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
  });

  it("blocks rm -fr with a Claude Code settings hook's reason (exit 2), and the files survive", () => {
    expect(s.victim2).toBe(true);
    expect(s.run.modelText).toContain("HW_CLAUDE_BLOCKED: not here");
    expect(s.after.cross).toContain("claude-format");
  });

  it("runs a harmless call, and the module's rewrite reaches the tool", () => {
    expect(s.after.harmless).toBe(true);
    expect(s.after.rewritten).toBe("rewritten\n");
  });

  it("hands the module's context to the model, with what it kept in pi's session", () => {
    expect(s.run.modelText).toContain("HW_CONTEXT_MARK calls=2");
  });

  it("shows one notice in an untrusted project, and runs none of its hooks", () => {
    const notices = s.untrusted.stderr.split("\n").filter((line) => line.includes("did not run"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("hookwire trust --cwd");
    expect(s.afterUntrusted.ran).toBe(true);
    expect(s.afterUntrusted.cross).toBe(s.after.cross);
    expect(s.untrusted.modelText).not.toContain("HW_CONTEXT_MARK");
  });

  it("leaves no hookwire entry on disconnect: the user's file comes back byte for byte", () => {
    expect(s.disconnect.stdout).toContain("restored .pi/settings.json byte for byte");
    expect(s.restored[".pi/settings.json"]).toBe(PI_SETTINGS);
  });
});
