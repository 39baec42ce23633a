// Every conformance case, in one list (ids are unique; the record file is keyed by them).
import type { ConformanceCase } from "../src/case.js";
import { exitCodeCases } from "./exit-codes.js";
import { handlerCases } from "./handlers.js";
import { ifRuleCases } from "./if-rules.js";
import { largeOutputCases } from "./large-output.js";
import { matcherCases } from "./matchers.js";
import { onFailureCases } from "./on-failure.js";
import { outputFieldCases } from "./output-fields.js";
import { permissionCases } from "./permissions.js";
import { sessionCases, transcriptCases } from "./session.js";
import { stdinCases } from "./stdin.js";

export const cases: ConformanceCase[] = [
  ...stdinCases,
  ...exitCodeCases,
  ...outputFieldCases,
  ...matcherCases,
  ...ifRuleCases,
  ...handlerCases,
  ...onFailureCases,
  ...permissionCases,
  ...sessionCases,
  ...transcriptCases,
  ...largeOutputCases,
];
