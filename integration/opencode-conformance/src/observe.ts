// What a run is reduced to, the same for opencode and hookwire, with volatile values normalised in one place.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface Observation {
  /** For each tool result the model read (in call order): which markers it held. */
  results: Array<Record<string, boolean>>;
  /** Every JSON line the plugins logged, normalised. */
  log: unknown[];
  /** Project files outside dot folders, by relative path. */
  files: Record<string, string>;
}

/** The temp folder → `<root>`, session ids → `<session>`, call ids → `<call>`. */
export function normalize(value: unknown, root: string): unknown {
  if (typeof value === "string") {
    return value
      .split(root)
      .join("<root>")
      .replace(/\bses_[A-Za-z0-9_]+/g, "<session>")
      .replace(/^call_\d+$/, "<call>");
  }
  if (Array.isArray(value)) return value.map((item) => normalize(item, root));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalize(item, root)]));
  }
  return value;
}

export function readLog(file: string, root: string): unknown[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => normalize(JSON.parse(line), root));
}

function walk(dir: string, base: string, out: Record<string, string>) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith(".") || entry.name === "opencode.json") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, base, out);
    else out[path.relative(base, full)] = readFileSync(full, "utf8");
  }
}

/** `root` is the case's temp folder: file contents that name it (a plugin's log path) are normalised too. */
export function projectFiles(project: string, root: string): Record<string, string> {
  const out: Record<string, string> = {};
  walk(project, project, out);
  return normalize(out, root) as Record<string, string>;
}

export function markersIn(text: string, markers: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(markers.map((marker) => [marker, text.includes(marker)]));
}
