// The Codex suite as the conformance kit runs it: only what is specific to Codex.
import type { RecordedSuite } from "@hookwire/conformance-kit";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import type { ConformanceCase } from "./case.js";
import { comparable } from "./compare.js";
import { runInHookwire } from "./hookwire-run.js";
import type { Observation } from "./observe.js";

export const codex: RecordedSuite<ConformanceCase, Observation> = {
  name: "codex-conformance",
  agent: "Codex",
  cases,
  deliberate: deliberateDifferences,
  runInHookwire,
  compare: comparable,
  record: {
    file: new URL("../recorded/codex.json", import.meta.url),
    versionKey: "codex",
    command: "pnpm conformance:record:codex",
    minCases: 30,
  },
};
