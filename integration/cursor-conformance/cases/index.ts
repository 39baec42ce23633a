// Every Cursor case, in one list (ids are unique).
import type { CursorCase } from "../src/case.js";
import { locationCases } from "./locations.js";
import { sessionCases } from "./session.js";
import { toolCases } from "./tools.js";

export const cases: CursorCase[] = [...toolCases, ...sessionCases, ...locationCases];
