// The Claude Code suite as the conformance kit runs it: only what is specific to Claude Code.
import type { RecordedSuite } from "@hookwire/conformance-kit";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import type { ConformanceCase } from "./case.js";
import { comparable } from "./compare.js";
import { runInHookwire } from "./hookwire-run.js";
import type { Observation } from "./observe.js";

export const claude: RecordedSuite<ConformanceCase, Observation> = {
  name: "claude-conformance",
  agent: "Claude Code",
  cases,
  deliberate: deliberateDifferences,
  runInHookwire,
  compare: comparable,
  record: {
    file: new URL("../recorded/claude-code.json", import.meta.url),
    versionKey: "claudeCode",
    command: "pnpm conformance:record",
    minCases: 100,
  },
};
