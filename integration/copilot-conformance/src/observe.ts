// What a run of a case is judged by, and the one place volatile values (ids, paths, times) are normalised.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
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
export function normalize(value: unknown, dirs: CaseDirs, key?: string): unknown {
  if (key !== undefined && TIME_KEYS.has(key) && (typeof value === "number" || typeof value === "string")) {
    return typeof value === "number" ? "<ms>" : "<iso>";
  }
  if (key !== undefined && TRANSCRIPT_KEYS.has(key) && typeof value === "string" && value !== "") {
    return "<transcript>";
  }
  if (typeof value === "string") {
    return value.replaceAll(dirs.root, "<root>").replace(UUID, "<uuid>").replace(CALL_ID, "<call-id>");
  }
  if (Array.isArray(value)) return value.map((item) => normalize(item, dirs));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, dirs, k)]));
  }
  return value;
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

export function observe(testCase: CopilotCase, dirs: CaseDirs, raw: RawRun): Observation {
  const hooks: Record<string, unknown[]> = {};
  for (const name of Object.keys(testCase.scripts ?? {}).sort()) {
    const log = path.join(dirs.logs, `${name}.jsonl`);
    hooks[name] = existsSync(log) ? readLog(log).map((input) => normalize(input, dirs)) : [];
  }
  const files: Record<string, string | null> = {};
  for (const file of testCase.observe?.files ?? []) {
    const target = path.join(dirs.project, file);
    files[file] = existsSync(target) ? (normalize(readFileSync(target, "utf8"), dirs) as string) : null;
  }
  const markers: Record<string, boolean> = {};
  for (const marker of testCase.observe?.markers ?? []) markers[marker] = raw.modelText.includes(marker);
  return {
    requests: raw.requests,
    toolResults: raw.toolTexts.length,
    markers,
    files,
    hooks,
    toolTexts: raw.toolTexts.map((text) => normalize(text, dirs) as string),
  };
}
