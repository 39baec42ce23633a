// What a run of a case is judged by, and Claude Code's volatile values (ids, paths, durations).
import { hookLogs, markersIn, normalizeDeep, observedFiles } from "@hookwire/conformance-kit";
import type { CaseDirs, ConformanceCase } from "./case.js";

/** The same terms for both harnesses. */
export interface Observation {
  /** Main-loop model requests (each asks the model for its next step). */
  requests: number;
  /** Each tool call's result as the model got it. */
  toolResults: ("ok" | "error")[];
  /** For each marker of the case: did it reach the model? */
  markers: Record<string, boolean>;
  /** Observed project files after the run; `null` when absent. */
  files: Record<string, string | null>;
  /** Per hook (script or route name): the normalised input of every run, in order. */
  hooks: Record<string, unknown[]>;
}

/** What a harness saw; `observe` turns it into an Observation. */
export interface RawRun {
  requests: number;
  toolResults: ("ok" | "error")[];
  /** Everything the model received, as one searchable text. */
  modelText: string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TOOL_USE_ID = /\btoolu_[A-Za-z0-9_]+/g;
const DURATION_KEYS = new Set(["duration_ms", "durationMs"]);

/** Replace what differs from run to run: the temp folder, UUIDs, tool-use ids, durations, the transcript path. */
export function normalize(value: unknown, dirs: CaseDirs): unknown {
  return normalizeDeep(value, (leaf, key) => {
    if (key !== undefined && DURATION_KEYS.has(key) && typeof leaf === "number") return "<ms>";
    if (key === "transcript_path" && typeof leaf === "string" && leaf !== "") return "<transcript>";
    if (typeof leaf !== "string") return leaf;
    return leaf.replaceAll(dirs.root, "<root>").replace(UUID, "<uuid>").replace(TOOL_USE_ID, "<tool-use-id>");
  });
}

export function observe(testCase: ConformanceCase, dirs: CaseDirs, raw: RawRun): Observation {
  const names = [...Object.keys(testCase.scripts ?? {}), ...Object.keys(testCase.http ?? {})].sort();
  return {
    requests: raw.requests,
    toolResults: raw.toolResults,
    markers: markersIn(raw.modelText, testCase.observe?.markers ?? []),
    files: observedFiles(dirs.project, testCase.observe?.files ?? []),
    hooks: hookLogs(names, dirs.logs, (input) => normalize(input, dirs)),
  };
}
