// Every case of the suite, in recording order.
import type { PluginCase } from "../src/case.js";
import { loadingCases } from "./loading.js";
import { toolCases } from "./tools.js";

export const cases: PluginCase[] = [...toolCases, ...loadingCases];
