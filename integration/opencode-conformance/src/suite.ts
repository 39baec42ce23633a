// The opencode suite as the conformance kit runs it: only what is specific to opencode.
import type { RecordedSuite } from "@hookwire/conformance-kit";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import type { PluginCase } from "./case.js";
import { runInHookwire } from "./hookwire-run.js";
import type { Observation } from "./observe.js";

export const opencode: RecordedSuite<PluginCase, Observation> = {
  name: "opencode-conformance",
  agent: "opencode",
  cases,
  deliberate: deliberateDifferences,
  runInHookwire,
  // Plugin logs and files are already in comparable terms: compared as observed.
  compare: (observation) => observation,
  record: {
    file: new URL("../recorded/opencode.json", import.meta.url),
    versionKey: "opencode",
    command: "pnpm conformance:record:opencode",
    minCases: 20,
  },
};
