// What a run of a case is judged by, and the one place volatile values (ids, paths, times) are normalised.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
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
export function normalize(value: unknown, dirs: CaseDirs, key?: string): unknown {
  if (key === "transcript_path" && typeof value === "string" && value !== "") return "<transcript>";
  if (typeof value === "string") {
    return value.replaceAll(dirs.root, "<root>").replace(UUID, "<uuid>").replace(CALL_ID, "<call-id>");
  }
  if (Array.isArray(value)) return value.map((item) => normalize(item, dirs));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, dirs, k)]));
  }
  return value;
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

function readLog(file: string): unknown[] {
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

export function observe(testCase: ConformanceCase, dirs: CaseDirs, raw: RawRun): Observation {
  const hooks: Record<string, unknown[]> = {};
  for (const name of Object.keys(testCase.scripts ?? {}).sort()) {
    const log = path.join(dirs.logs, `${name}.jsonl`);
    hooks[name] = existsSync(log) ? readLog(log).map((input) => normalize(input, dirs)) : [];
  }
  const files: Record<string, string | null> = {};
  for (const file of testCase.observe?.files ?? []) {
    const target = path.join(dirs.project, file);
    files[file] = existsSync(target) ? readFileSync(target, "utf8") : null;
  }
  const markers: Record<string, boolean> = {};
  for (const marker of testCase.observe?.markers ?? []) markers[marker] = raw.modelText.includes(marker);
  return {
    requests: raw.requests,
    toolResults: raw.toolResults,
    markers,
    files,
    hooks,
  };
}
