// What a run of a case is judged by, and Gemini CLI's volatile values (ids, paths, times).
import { hookLogs, markersIn, normalizeDeep, observedFiles } from "@hookwire/conformance-kit";
import type { CaseDirs, GeminiCase } from "./case.js";

/** The same terms for both harnesses. */
export interface Observation {
  /** Main-loop model requests (each asks the model for its next step). */
  requests: number;
  /** Each tool call's result as the model got it in the last request (`error` when the response holds one). */
  toolResults: ("ok" | "error")[];
  /** For each marker of the case: did it reach the model? */
  markers: Record<string, boolean>;
  /** Observed project files after the run; `null` when absent. */
  files: Record<string, string | null>;
  /** Per hook script: the normalised input of every run, in order. */
  hooks: Record<string, unknown[]>;
  /** The function-calling config of the first main-loop request (`null` when it sets none). */
  toolConfig: { mode?: string; allowedFunctionNames?: string[] } | null;
}

/** What a harness saw; `observe` turns it into an Observation. */
export interface RawRun {
  requests: number;
  toolResults: ("ok" | "error")[];
  /** Everything the model received, as one searchable text. */
  modelText: string;
  toolConfig: Observation["toolConfig"];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const PGID = /Process Group PGID: \d+/g;

/** Replace what differs from run to run: the temp folder, UUIDs, timestamps, process ids, the transcript path. */
export function normalize(value: unknown, dirs: CaseDirs): unknown {
  return normalizeDeep(value, (leaf, key) => {
    if (key === "transcript_path" && typeof leaf === "string" && leaf !== "") return "<transcript>";
    if (key === "timestamp" && typeof leaf === "string" && ISO_TIME.test(leaf)) return "<time>";
    if (typeof leaf !== "string") return leaf;
    return leaf
      .replaceAll(dirs.root, "<root>")
      .replace(UUID, "<uuid>")
      .replace(PGID, "Process Group PGID: <pid>");
  });
}

export function observe(testCase: GeminiCase, dirs: CaseDirs, raw: RawRun): Observation {
  return {
    requests: raw.requests,
    toolResults: raw.toolResults,
    markers: markersIn(raw.modelText, testCase.observe?.markers ?? []),
    files: observedFiles(
      dirs.project,
      testCase.observe?.files ?? [],
      (text) => normalize(text, dirs) as string,
    ),
    hooks: hookLogs(Object.keys(testCase.scripts ?? {}).sort(), dirs.logs, (input) => normalize(input, dirs)),
    toolConfig: raw.toolConfig,
  };
}
