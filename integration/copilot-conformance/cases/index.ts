// Every Copilot CLI conformance case, in one list (ids are unique; the record file is keyed by them).
import type { CopilotCase } from "../src/case.js";
import { locationCases } from "./locations.js";
import { nativeCases } from "./native.js";

export const cases: CopilotCase[] = [...nativeCases, ...locationCases];
