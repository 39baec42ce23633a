// What trust fingerprints of a settings file: what it says, without hookwire's own connection entries.
import { createHash } from "node:crypto";
import { isConnectionEntry } from "./connection.js";
import { type SettingsSource, sourceSpecOf } from "./sources.js";
import { parseTomlFile } from "./toml-file.js";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A handler, a group of them (`{matcher, hooks: [...]}`) or a flat file's handler, without connection entries. */
function strip(list: unknown[]): unknown[] {
  const kept: unknown[] = [];
  for (const item of list) {
    if (isConnectionEntry(item)) continue;
    if (isObject(item) && Array.isArray(item.hooks)) {
      const hooks = strip(item.hooks);
      // A group left with no handler runs nothing: as if it were not there.
      if (hooks.length === 0) continue;
      kept.push({ ...item, hooks });
    } else kept.push(item);
  }
  return kept;
}

/** The hooks block without connection entries, and without the events and the block they leave empty. */
function withoutConnections(json: Record<string, unknown>, hooksKey: string): Record<string, unknown> {
  const path = hooksKey.split(".");
  const parents: Record<string, unknown>[] = [json];
  for (const segment of path.slice(0, -1)) {
    const next = parents.at(-1)?.[segment];
    if (!isObject(next)) return json;
    parents.push(next);
  }
  const last = path.at(-1) as string;
  const hooks = parents.at(-1)?.[last];
  if (!isObject(hooks)) return json;
  const events: Record<string, unknown> = {};
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) events[event] = list;
    else {
      const kept = strip(list);
      if (kept.length > 0) events[event] = kept;
    }
  }
  // Rebuilt from the leaf up: a parent left empty by the removal goes with it.
  let value: unknown = Object.keys(events).length > 0 ? events : undefined;
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const { [path[depth] as string]: _removed, ...rest } = parents[depth] as Record<string, unknown>;
    value = value === undefined ? rest : { ...rest, [path[depth] as string]: value };
    if (depth > 0 && Object.keys(value as object).length === 0) value = undefined;
  }
  return value as Record<string, unknown>;
}

/** JSON with every object's keys sorted: one text per meaning. */
function canonical(value: unknown): string {
  // TOML gives dates and, past 2^53, big integers: each keeps its own text.
  if (value instanceof Date) return `d${JSON.stringify(value.toISOString())}`;
  if (typeof value === "bigint") return `${value}n`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Keys a file of hooks may hold beside them without saying anything (a format version, a schema link). */
const INERT_KEYS = new Set(["version", "$schema"]);

/**
 * The digest trust records for a settings file's text: SHA-256 of what it says, keys sorted, with every
 * connection entry (`hookwire connect`'s) and what their removal leaves empty taken out — so connecting an
 * agent to a trusted project leaves it trusted, and hookwire never fingerprints its own entries. A file that
 * says nothing (`{}`, an empty hooks block, a version alone; the file connect created) is `undefined`: as if
 * it were not there. Text that does not parse is digested as it is.
 */
export function settingsTrustDigest(text: string, source: SettingsSource): string | undefined {
  const spec = sourceSpecOf(source);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let json: unknown;
  if (spec.format === "toml") {
    const toml = parseTomlFile(body);
    json = toml.ok ? toml.value : undefined;
  } else {
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
  }
  const hash = createHash("sha256");
  if (!isObject(json)) return hash.update(`bytes\0${text}`).digest("hex");
  const kept = withoutConnections(json, spec.hooksKey);
  // A file that says nothing runs nothing, whoever wrote it: one more or one less changes no trust.
  if (Object.keys(kept).every((key) => INERT_KEYS.has(key))) return undefined;
  return hash.update(`settings\0${canonical(kept)}`).digest("hex");
}
