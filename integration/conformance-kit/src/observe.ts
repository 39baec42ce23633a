// Reading what a run left behind (hook logs, project files, markers) and the one walker volatile values are normalised by.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * `value` with every leaf passed through `leaf` (with the key it stands under; none inside arrays).
 * Suites give the leaf their own rules: the temp folder → `<root>`, ids → `<uuid>`, durations → `<ms>`.
 */
export function normalizeDeep(
  value: unknown,
  leaf: (value: unknown, key?: string) => unknown,
  key?: string,
): unknown {
  if (Array.isArray(value)) return value.map((item) => normalizeDeep(item, leaf));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalizeDeep(v, leaf, k)]));
  }
  return leaf(value, key);
}

/** A JSON-lines log, a line that does not parse kept as `{ unparsable }`. */
export function readLog(file: string): unknown[] {
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

/** Per hook name: the normalised input of every run (`<logs>/<name>.jsonl`), `[]` for a hook that never ran. */
export function hookLogs(
  names: readonly string[],
  logs: string,
  normalize: (value: unknown) => unknown,
): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  for (const name of names) {
    const log = path.join(logs, `${name}.jsonl`);
    hooks[name] = existsSync(log) ? readLog(log).map(normalize) : [];
  }
  return hooks;
}

/** The content of each observed project file after the run, `null` when absent. */
export function observedFiles(
  project: string,
  files: readonly string[],
  normalize: (text: string) => string = (text) => text,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const file of files) {
    const target = path.join(project, file);
    out[file] = existsSync(target) ? normalize(readFileSync(target, "utf8")) : null;
  }
  return out;
}

/** For each marker: does `text` hold it? */
export function markersIn(text: string, markers: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(markers.map((marker) => [marker, text.includes(marker)]));
}
