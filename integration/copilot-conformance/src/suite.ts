// The Copilot CLI suite as the conformance kit runs it: only what is specific to Copilot CLI.
import type { RecordedSuite } from "@hookwire/conformance-kit";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import type { CopilotCase } from "./case.js";
import { comparable } from "./compare.js";
import { runInHookwire } from "./hookwire-run.js";
import type { Observation } from "./observe.js";

export const copilot: RecordedSuite<CopilotCase, Observation> = {
  name: "copilot-conformance",
  agent: "Copilot CLI",
  cases,
  deliberate: deliberateDifferences,
  runInHookwire,
  compare: comparable,
  record: {
    file: new URL("../recorded/copilot-cli.json", import.meta.url),
    versionKey: "copilotCli",
    command: "pnpm conformance:record:copilot",
    minCases: 20,
  },
};
