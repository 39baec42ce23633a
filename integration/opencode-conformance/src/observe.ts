// What a run is reduced to, the same for opencode and hookwire, with volatile values normalised in one place.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { normalizeDeep, readLog } from "@hookwire/conformance-kit";

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
  return normalizeDeep(value, (leaf) =>
    typeof leaf === "string"
      ? leaf
          .replaceAll(root, "<root>")
          .replace(/\bses_[A-Za-z0-9_]+/g, "<session>")
          .replace(/^call_\d+$/, "<call>")
      : leaf,
  );
}

/** What the plugins logged (`log(value)` appends a JSON line), normalised. */
export function pluginLog(file: string, root: string): unknown[] {
  return existsSync(file) ? readLog(file).map((entry) => normalize(entry, root)) : [];
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
