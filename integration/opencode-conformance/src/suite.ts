// The opencode suite as the conformance kit runs it: its cases, its record, its hookwire runner (observations compared whole).
import { fileURLToPath } from "node:url";
import { recordedOracle, recordStore, type SuiteAdapter } from "@hookwire/conformance-kit";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import type { PluginCase } from "./case.js";
import { runInHookwire } from "./hookwire-run.js";
import type { Observation } from "./observe.js";

export const store = recordStore<Observation>(
  fileURLToPath(new URL("../recorded/opencode.json", import.meta.url)),
  "opencode",
);

export function opencodeSuite(): SuiteAdapter<PluginCase, Observation> {
  return {
    name: "opencode-conformance",
    cases,
    deliberate: deliberateDifferences,
    runInHookwire,
    oracle: recordedOracle({
      agent: "opencode",
      store,
      cases,
      // Plugin logs and files are already in comparable terms: compared as observed.
      compare: (observation) => observation,
      recordCommand: "OPENCODE_BIN=… pnpm conformance:record:opencode",
      minCases: 20,
    }),
  };
}
