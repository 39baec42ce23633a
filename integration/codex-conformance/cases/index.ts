// Every conformance case, in one list (ids are unique; the record file is keyed by them).
import type { ConformanceCase } from "../src/case.js";
import { exitCodeCases } from "./exit-codes.js";
import { handlerCases } from "./handlers.js";
import { matcherCases } from "./matchers.js";
import { outputFieldCases } from "./output-fields.js";
import { permissionRequestCases } from "./permission-request.js";
import { sourceCases } from "./sources.js";
import { stdinCases } from "./stdin.js";

export const cases: ConformanceCase[] = [
  ...stdinCases,
  ...exitCodeCases,
  ...outputFieldCases,
  ...matcherCases,
  ...handlerCases,
  ...sourceCases,
  ...permissionRequestCases,
];
