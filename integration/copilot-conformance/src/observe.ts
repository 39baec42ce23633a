// What a run of a case is judged by, and the Copilot CLI's volatile values (ids, paths, times).
import { hookLogs, markersIn, normalizeDeep, observedFiles } from "@hookwire/conformance-kit";
import type { CaseDirs, CopilotCase } from "./case.js";

/** The same terms for both harnesses. */
export interface Observation {
  /** Main-loop model requests (each asks the model for its next step). */
  requests: number;
  /** How many tool results reached the model. */
  toolResults: number;
  /** For each marker of the case: did it reach the model? */
  markers: Record<string, boolean>;
  /** Observed project files after the run (temp paths normalised); `null` when absent. */
  files: Record<string, string | null>;
  /** Per hook script: the normalised input of every run, in order. */
  hooks: Record<string, unknown[]>;
  /** What the model got back for each tool call, for the record and the docs (not compared). */
  toolTexts?: string[];
  /** When the CLI never asked the model: its exit code and first stderr lines (not compared). */
  exit?: { code: number | null; stderr: string[] };
}

/** What a harness saw; `observe` turns it into an Observation. */
export interface RawRun {
  requests: number;
  toolTexts: string[];
  /** Everything the model received, as one searchable text. */
  modelText: string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const CALL_ID = /\bcall_[A-Za-z0-9_]+/g;
const TIME_KEYS = new Set(["timestamp"]);
const TRANSCRIPT_KEYS = new Set(["transcriptPath", "transcript_path"]);

/** Replace what differs from run to run: the temp folder, UUIDs, call ids, timestamps, transcript paths. */
export function normalize(value: unknown, dirs: CaseDirs): unknown {
  return normalizeDeep(value, (leaf, key) => {
    if (key !== undefined && TIME_KEYS.has(key) && (typeof leaf === "number" || typeof leaf === "string")) {
      return typeof leaf === "number" ? "<ms>" : "<iso>";
    }
    if (key !== undefined && TRANSCRIPT_KEYS.has(key) && typeof leaf === "string" && leaf !== "") {
      return "<transcript>";
    }
    if (typeof leaf !== "string") return leaf;
    return leaf.replaceAll(dirs.root, "<root>").replace(UUID, "<uuid>").replace(CALL_ID, "<call-id>");
  });
}

export function observe(testCase: CopilotCase, dirs: CaseDirs, raw: RawRun): Observation {
  return {
    requests: raw.requests,
    toolResults: raw.toolTexts.length,
    markers: markersIn(raw.modelText, testCase.observe?.markers ?? []),
    files: observedFiles(
      dirs.project,
      testCase.observe?.files ?? [],
      (text) => normalize(text, dirs) as string,
    ),
    hooks: hookLogs(Object.keys(testCase.scripts ?? {}).sort(), dirs.logs, (input) => normalize(input, dirs)),
    toolTexts: raw.toolTexts.map((text) => normalize(text, dirs) as string),
  };
}
