// opencode as the README sets it up: hookwire installed from this checkout (`pnpm run install:global`), then
// `hookwire connect opencode`, which adds the @hookwire/opencode installed beside the CLI to the project's opencode.json.
import { realpathSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentVersion } from "../src/agents.js";
import { IN_PROCESS_CALLS, IN_PROCESS_FILES, inProcessCases } from "../src/in-process-cases.js";
import { type Installed, installFromCheckout } from "../src/install.js";
import { runScenario, type Scenario } from "../src/scenario.js";

// The user's own opencode settings: connect adds to them, disconnect gives them back.
const OPENCODE_SETTINGS = '{\n  "$schema": "https://opencode.ai/config.json",\n  "share": "disabled"\n}\n';

describe(`opencode ${agentVersion("opencode")} after \`hookwire connect opencode\``, () => {
  let install: Installed;
  let s: Scenario;
  beforeAll(async () => {
    install = installFromCheckout();
    s = await runScenario({
      agent: "opencode",
      files: { ...IN_PROCESS_FILES, "opencode.json": OPENCODE_SETTINGS },
      connected: "opencode.json",
      install,
      inProcess: IN_PROCESS_CALLS,
    });
  }, 600_000);
  afterAll(() => install?.remove());

  it("adds the installed @hookwire/opencode to the project's opencode.json, next to the user's own settings", () => {
    expect(JSON.parse(s.connectedText ?? "{}")).toEqual({
      $schema: "https://opencode.ai/config.json",
      share: "disabled",
      plugin: [realpathSync(path.join(install.packages, "opencode"))],
    });
  });

  inProcessCases(() => s, "opencode");

  it("leaves no hookwire entry on disconnect: the user's file comes back byte for byte", () => {
    expect(s.disconnect.stdout).toContain("restored opencode.json byte for byte");
    expect(s.restored["opencode.json"]).toBe(OPENCODE_SETTINGS);
  });
});
