// opencode as a host: `hookwire connect opencode` adds @hookwire/opencode to the project's opencode.json, opencode
// installs it from npm (a local registry of this checkout's packages) and runs hookwire under its own Bun.
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { agentVersion } from "../src/agents.js";
import { IN_PROCESS_CALLS, IN_PROCESS_FILES, inProcessCases } from "../src/in-process-cases.js";
import { runScenario, type Scenario } from "../src/scenario.js";

// The user's own opencode settings: connect adds to them, disconnect gives them back.
const OPENCODE_SETTINGS = '{\n  "$schema": "https://opencode.ai/config.json",\n  "share": "disabled"\n}\n';

describe(`opencode ${agentVersion("opencode")} with hookwire connected (in-process)`, () => {
  let s: Scenario;
  beforeAll(async () => {
    ensureBuilt();
    s = await runScenario({
      agent: "opencode",
      files: { ...IN_PROCESS_FILES, "opencode.json": OPENCODE_SETTINGS },
      connected: "opencode.json",
      inProcess: IN_PROCESS_CALLS,
    });
  }, 600_000);

  it("adds hookwire's plugin to the project's opencode.json, next to the user's own settings", () => {
    expect(s.connect.stdout).toContain('updated opencode.json: plugin += "@hookwire/opencode"');
    expect(JSON.parse(s.connectedText ?? "{}")).toEqual({
      $schema: "https://opencode.ai/config.json",
      share: "disabled",
      plugin: ["@hookwire/opencode"],
    });
  });

  inProcessCases(() => s, "opencode");

  it("leaves no hookwire entry on disconnect: the user's file comes back byte for byte", () => {
    expect(s.disconnect.stdout).toContain("restored opencode.json byte for byte");
    expect(s.restored["opencode.json"]).toBe(OPENCODE_SETTINGS);
  });
});
