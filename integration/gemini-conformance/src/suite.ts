// The Gemini CLI suite as the conformance kit runs it: its cases, its record, its comparison, its hookwire runner.
import { fileURLToPath } from "node:url";
import { recordedOracle, recordStore, type SuiteAdapter } from "@hookwire/conformance-kit";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import type { GeminiCase } from "./case.js";
import { comparable } from "./compare.js";
import { runInHookwire } from "./hookwire-run.js";
import type { Observation } from "./observe.js";

export const store = recordStore<Observation>(
  fileURLToPath(new URL("../recorded/gemini-cli.json", import.meta.url)),
  "geminiCli",
);

export function geminiSuite(): SuiteAdapter<GeminiCase, Observation> {
  return {
    name: "gemini-conformance",
    cases,
    deliberate: deliberateDifferences,
    runInHookwire,
    oracle: recordedOracle({
      agent: "Gemini CLI",
      store,
      cases,
      compare: comparable,
      recordCommand: "pnpm conformance:record:gemini",
      minCases: 30,
    }),
  };
}
