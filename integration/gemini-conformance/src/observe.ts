// What a run of a case is judged by, and the one place volatile values (ids, paths, times) are normalised.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
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
export function normalize(value: unknown, dirs: CaseDirs, key?: string): unknown {
  if (key === "transcript_path" && typeof value === "string" && value !== "") return "<transcript>";
  if (key === "timestamp" && typeof value === "string" && ISO_TIME.test(value)) return "<time>";
  if (typeof value === "string") {
    return value
      .replaceAll(dirs.root, "<root>")
      .replace(UUID, "<uuid>")
      .replace(PGID, "Process Group PGID: <pid>");
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

export function observe(testCase: GeminiCase, dirs: CaseDirs, raw: RawRun): Observation {
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
    toolResults: raw.toolResults,
    markers,
    files,
    hooks,
    toolConfig: raw.toolConfig,
  };
}
