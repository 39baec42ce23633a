// The Claude Code suite as the conformance kit runs it: its cases, its record, its comparison, its hookwire runner.
import { fileURLToPath } from "node:url";
import { recordedOracle, recordStore, type SuiteAdapter } from "@hookwire/conformance-kit";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import type { ConformanceCase } from "./case.js";
import { comparable } from "./compare.js";
import { runInHookwire } from "./hookwire-run.js";
import type { Observation } from "./observe.js";

export const store = recordStore<Observation>(
  fileURLToPath(new URL("../recorded/claude-code.json", import.meta.url)),
  "claudeCode",
);

export function claudeSuite(): SuiteAdapter<ConformanceCase, Observation> {
  return {
    name: "claude-conformance",
    cases,
    deliberate: deliberateDifferences,
    runInHookwire,
    oracle: recordedOracle({
      agent: "Claude Code",
      store,
      cases,
      compare: comparable,
      recordCommand: "pnpm conformance:record",
      minCases: 100,
    }),
  };
}
