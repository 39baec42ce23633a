// Every Gemini CLI conformance case, in one list (ids are unique; the record file is keyed by them).
import type { GeminiCase } from "../src/case.js";
import { exitCodeCases } from "./exit-codes.js";
import { groupCases } from "./groups.js";
import { matcherCases } from "./matchers.js";
import { outputFieldCases } from "./output-fields.js";
import { settingsCases } from "./settings.js";
import { stdinCases } from "./stdin.js";

export const cases: GeminiCase[] = [
  ...stdinCases,
  ...exitCodeCases,
  ...outputFieldCases,
  ...matcherCases,
  ...groupCases,
  ...settingsCases,
];
