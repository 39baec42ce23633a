// What a run of a Cursor case is judged by, and how it is held against the documented expectation.
import { hookLogs, markersIn, observedFiles } from "@hookwire/conformance-kit";
import type { CaseDirs, CursorCase, Expectation } from "./case.js";

/** What a run showed, in the terms of an `Expectation`. */
export interface Observation {
  requests: number;
  toolResults: number;
  markers: Record<string, boolean>;
  files: Record<string, string | null>;
  hooks: Record<string, Record<string, unknown>[]>;
}

const normalise = (text: string, dirs: CaseDirs) => text.replaceAll(dirs.root, "<root>");

export function observe(
  testCase: CursorCase,
  dirs: CaseDirs,
  raw: { requests: number; toolResults: number; modelText: string },
): Observation {
  const hooks = hookLogs(Object.keys(testCase.scripts ?? {}), dirs.logs, (input) =>
    JSON.parse(normalise(JSON.stringify(input), dirs)),
  ) as Observation["hooks"];
  return {
    requests: raw.requests,
    toolResults: raw.toolResults,
    markers: markersIn(raw.modelText, testCase.markers ?? []),
    files: observedFiles(dirs.project, testCase.observeFiles ?? [], (text) => normalise(text, dirs)),
    hooks,
  };
}

/** `"<string>"`, `"<number>"`, … match any value of that type; objects match as subsets; the rest exactly. */
function matches(expected: unknown, actual: unknown): boolean {
  if (typeof expected === "string" && /^<(string|number|boolean|object)>$/.test(expected)) {
    return typeof actual === expected.slice(1, -1);
  }
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      expected.length === actual.length &&
      expected.every((e, i) => matches(e, actual[i]))
    );
  }
  if (typeof expected === "object" && expected !== null) {
    if (typeof actual !== "object" || actual === null) return false;
    return Object.entries(expected).every(([k, v]) => matches(v, (actual as Record<string, unknown>)[k]));
  }
  return Object.is(expected, actual);
}

/** The parts of the expectation the observation does not meet, as `{key: {expected, actual}}`; `{}` when it meets all. */
export function unmet(
  expected: Expectation,
  observed: Observation,
): Record<string, { expected: unknown; actual: unknown }> {
  const out: Record<string, { expected: unknown; actual: unknown }> = {};
  const check = (key: string, want: unknown, got: unknown) => {
    if (!matches(want, got)) out[key] = { expected: want, actual: got };
  };
  if (expected.requests !== undefined) check("requests", expected.requests, observed.requests);
  if (expected.toolResults !== undefined) check("toolResults", expected.toolResults, observed.toolResults);
  for (const [marker, want] of Object.entries(expected.markers ?? {}))
    check(`markers.${marker}`, want, observed.markers[marker]);
  for (const [file, want] of Object.entries(expected.files ?? {}))
    check(`files.${file}`, want, observed.files[file]);
  for (const [hook, runs] of Object.entries(expected.hooks ?? {}))
    check(`hooks.${hook}`, runs, observed.hooks[hook]);
  return out;
}
