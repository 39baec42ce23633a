// The Gemini CLI suite as the conformance kit runs it: only what is specific to Gemini CLI.
import type { RecordedSuite } from "@hookwire/conformance-kit";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import type { GeminiCase } from "./case.js";
import { comparable } from "./compare.js";
import { runInHookwire } from "./hookwire-run.js";
import type { Observation } from "./observe.js";

export const gemini: RecordedSuite<GeminiCase, Observation> = {
  name: "gemini-conformance",
  agent: "Gemini CLI",
  cases,
  deliberate: deliberateDifferences,
  runInHookwire,
  compare: comparable,
  record: {
    file: new URL("../recorded/gemini-cli.json", import.meta.url),
    versionKey: "geminiCli",
    command: "pnpm conformance:record:gemini",
    minCases: 30,
  },
};
