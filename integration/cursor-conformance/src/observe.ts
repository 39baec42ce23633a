// What a run of a Cursor case is judged by, and how it is held against the documented expectation.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { CaseDirs, CursorCase, Expectation } from "./case.js";

/** What a run showed, in the terms of an `Expectation`. */
export interface Observation {
  requests: number;
  toolResults: number;
  markers: Record<string, boolean>;
  files: Record<string, string | null>;
  hooks: Record<string, Record<string, unknown>[]>;
}

function readLog(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return { unparsable: line };
      }
    });
}

const normalise = (text: string, dirs: CaseDirs) => text.replaceAll(dirs.root, "<root>");

export function observe(
  testCase: CursorCase,
  dirs: CaseDirs,
  raw: { requests: number; toolResults: number; modelText: string },
): Observation {
  const hooks: Observation["hooks"] = {};
  for (const name of Object.keys(testCase.scripts ?? {})) {
    const log = path.join(dirs.logs, `${name}.jsonl`);
    hooks[name] = existsSync(log)
      ? readLog(log).map((input) => JSON.parse(normalise(JSON.stringify(input), dirs)))
      : [];
  }
  const files: Observation["files"] = {};
  for (const file of testCase.observeFiles ?? []) {
    const target = path.join(dirs.project, file);
    files[file] = existsSync(target) ? normalise(readFileSync(target, "utf8"), dirs) : null;
  }
  const markers: Observation["markers"] = {};
  for (const marker of testCase.markers ?? []) markers[marker] = raw.modelText.includes(marker);
  return { requests: raw.requests, toolResults: raw.toolResults, markers, files, hooks };
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
