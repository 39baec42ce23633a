// The Copilot CLI suite as the conformance kit runs it: its cases, its record, its comparison, its hookwire runner.
import { fileURLToPath } from "node:url";
import { recordedOracle, recordStore, type SuiteAdapter } from "@hookwire/conformance-kit";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import type { CopilotCase } from "./case.js";
import { comparable } from "./compare.js";
import { runInHookwire } from "./hookwire-run.js";
import type { Observation } from "./observe.js";

export const store = recordStore<Observation>(
  fileURLToPath(new URL("../recorded/copilot-cli.json", import.meta.url)),
  "copilotCli",
);

export function copilotSuite(): SuiteAdapter<CopilotCase, Observation> {
  return {
    name: "copilot-conformance",
    cases,
    deliberate: deliberateDifferences,
    runInHookwire,
    oracle: recordedOracle({
      agent: "Copilot CLI",
      store,
      cases,
      compare: comparable,
      recordCommand: "pnpm conformance:record:copilot",
      minCases: 20,
    }),
  };
}
