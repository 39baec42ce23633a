// pi as a host: `hookwire connect pi` adds @hookwire/pi to the project's pi settings, pi installs it from npm (a
// local registry of this checkout's packages) and runs hookwire in its own process on a real, offline run.
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { agentVersion } from "../src/agents.js";
import { IN_PROCESS_CALLS, IN_PROCESS_FILES, inProcessCases } from "../src/in-process-cases.js";
import { runScenario, type Scenario } from "../src/scenario.js";

// The user's own pi settings: connect adds to them, disconnect gives them back.
const PI_SETTINGS = '{\n  "defaultThinkingLevel": "off"\n}\n';

describe(`pi ${agentVersion("pi")} with hookwire connected (in-process)`, () => {
  let s: Scenario;
  beforeAll(async () => {
    ensureBuilt();
    s = await runScenario({
      agent: "pi",
      files: { ...IN_PROCESS_FILES, ".pi/settings.json": PI_SETTINGS },
      connected: ".pi/settings.json",
      inProcess: IN_PROCESS_CALLS,
    });
  }, 600_000);

  it("adds hookwire's package to the project's pi settings, next to the user's own", () => {
    expect(s.connect.stdout).toContain('updated .pi/settings.json: packages += "npm:@hookwire/pi"');
    expect(JSON.parse(s.connectedText ?? "{}")).toEqual({
      defaultThinkingLevel: "off",
      packages: ["npm:@hookwire/pi"],
    });
  });

  inProcessCases(() => s, "pi");

  it("leaves no hookwire entry on disconnect: the user's file comes back byte for byte", () => {
    expect(s.disconnect.stdout).toContain("restored .pi/settings.json byte for byte");
    expect(s.restored[".pi/settings.json"]).toBe(PI_SETTINGS);
  });
});
