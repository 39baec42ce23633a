// The Codex suite as the conformance kit runs it: its cases, its record, its comparison, its hookwire runner.
import { fileURLToPath } from "node:url";
import { recordedOracle, recordStore, type SuiteAdapter } from "@hookwire/conformance-kit";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import type { ConformanceCase } from "./case.js";
import { comparable } from "./compare.js";
import { runInHookwire } from "./hookwire-run.js";
import type { Observation } from "./observe.js";

export const store = recordStore<Observation>(
  fileURLToPath(new URL("../recorded/codex.json", import.meta.url)),
  "codex",
);

export function codexSuite(): SuiteAdapter<ConformanceCase, Observation> {
  return {
    name: "codex-conformance",
    cases,
    deliberate: deliberateDifferences,
    runInHookwire,
    oracle: recordedOracle({
      agent: "Codex",
      store,
      cases,
      compare: comparable,
      recordCommand: "pnpm conformance:record:codex",
      minCases: 30,
    }),
  };
}
