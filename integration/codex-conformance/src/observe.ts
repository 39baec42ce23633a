// What a run of a case is judged by, and Codex's volatile values (ids, paths, times).
import { hookLogs, markersIn, normalizeDeep, observedFiles } from "@hookwire/conformance-kit";
import type { CaseDirs, ConformanceCase } from "./case.js";

/** How a tool call ended, as the model was told. */
export type ToolOutcome = "ran" | "blocked" | "replaced";

/** The same terms for both harnesses. */
export interface Observation {
  /** Main-loop model requests (each asks the model for its next step). */
  requests: number;
  /** Each tool call's outcome as the model got it. */
  toolResults: ToolOutcome[];
  /** For each marker of the case: did it reach the model? */
  markers: Record<string, boolean>;
  /** Observed project files after the run; `null` when absent. */
  files: Record<string, string | null>;
  /** Per hook script: the normalised input of every run, in order. */
  hooks: Record<string, unknown[]>;
}

/** What a harness saw; `observe` turns it into an Observation. */
export interface RawRun {
  requests: number;
  toolResults: ToolOutcome[];
  /** Everything the model received, as one searchable text. */
  modelText: string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const CALL_ID = /\bcall_[A-Za-z0-9_]+/g;

/** Replace what differs from run to run: the temp folder, UUIDs, call ids, the transcript path. */
export function normalize(value: unknown, dirs: CaseDirs): unknown {
  return normalizeDeep(value, (leaf, key) => {
    if (key === "transcript_path" && typeof leaf === "string" && leaf !== "") return "<transcript>";
    if (typeof leaf !== "string") return leaf;
    return leaf.replaceAll(dirs.root, "<root>").replace(UUID, "<uuid>").replace(CALL_ID, "<call-id>");
  });
}

/**
 * Codex tells the model of a PreToolUse block as `Command blocked by PreToolUse hook: …`; a PostToolUse
 * block replaces the output with the hook's text (`replaced`); anything else is the command's output.
 */
export function outcomeOf(output: string): ToolOutcome {
  if (output.startsWith("Command blocked by")) return "blocked";
  if (/^Chunk ID: |Process exited with code/.test(output)) return "ran";
  return "replaced";
}

export function observe(testCase: ConformanceCase, dirs: CaseDirs, raw: RawRun): Observation {
  return {
    requests: raw.requests,
    toolResults: raw.toolResults,
    markers: markersIn(raw.modelText, testCase.observe?.markers ?? []),
    files: observedFiles(dirs.project, testCase.observe?.files ?? []),
    hooks: hookLogs(Object.keys(testCase.scripts ?? {}).sort(), dirs.logs, (input) => normalize(input, dirs)),
  };
}
