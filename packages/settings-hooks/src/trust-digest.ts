// What trust fingerprints of a settings file: its hook-relevant parts (the source's `trustKeys`), without hookwire's own entries.
import { MAX_JSON_DEPTH, nestsDeeperThan, sha256 } from "@hookwire/core/internal";
import { isConnectionEntry, TOKEN_VARIABLE } from "./connection.js";
import type { SourceSpec } from "./dialect-kit/types.js";
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

/**
 * Without `env.HOOKWIRE_TOKEN`, which `connect --http` writes for the agent's http entries to send: it changes nothing
 * that runs (a wrong one only has the server refuse the calls), and a secret is neither fingerprinted nor shown.
 */
function withoutToken(json: Record<string, unknown>): Record<string, unknown> {
  const env = json.env;
  if (!isObject(env) || !Object.hasOwn(env, TOKEN_VARIABLE)) return json;
  const { [TOKEN_VARIABLE]: _token, ...rest } = env;
  const { env: _env, ...others } = json;
  return Object.keys(rest).length > 0 ? { ...others, env: rest } : others;
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

/** The same value with every object's keys sorted, for showing (`JSON.stringify` keeps insertion order). */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (!isObject(value) || value instanceof Date) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted(value[key])]),
  );
}

/** Keys a file of hooks may hold beside them without saying anything (a format version, a schema link). */
const INERT_KEYS = new Set(["version", "$schema"]);

/**
 * The parts of `json` trust covers: every key on a `trustKeys` path, matched without regard to case (a
 * `"Hooks"` is covered too: covering more never lets a change through), and every top-level key the
 * source's `otherKeys` does not name, since a key hookwire does not know may be one the agent reads for its
 * hooks. A value where an object was expected is covered whole.
 */
function coveredParts(
  json: Record<string, unknown>,
  paths: ReadonlyArray<readonly string[]>,
  known?: ReadonlySet<string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const lower = key.toLowerCase();
    const matching = paths.filter((path) => path[0]?.toLowerCase() === lower);
    if (matching.length === 0) {
      if (known && !known.has(key)) out[key] = value;
      continue;
    }
    const rest = matching.map((path) => path.slice(1));
    if (rest.some((path) => path.length === 0) || !isObject(value)) out[key] = value;
    else {
      const inner = coveredParts(value, rest);
      if (Object.keys(inner).length > 0) out[key] = inner;
    }
  }
  return out;
}

/** What `hookwire trust` records of a settings file's text. */
export interface SettingsTrustRead {
  /**
   * SHA-256 of what trust covers: the source's hook-relevant parts (`SourceSpec.trustKeys`), keys sorted,
   * hookwire's own connection entries taken out. `undefined`: the file says nothing trust covers.
   */
  digest: string | undefined;
  /** Those parts as `hookwire trust` shows and diffs them (JSON, keys sorted); the text itself when it does not parse. */
  view: string | undefined;
  /** The digest trust records of hookwire 0.x before this one held (the whole file): accepted while the file is unchanged. */
  legacy: string | undefined;
}

/**
 * Reads a settings file's text as trust covers it. Parsed as hookwire's reader and the agents parse it
 * (`JSON.parse`: escapes decoded, the last of duplicate keys kept), so the fingerprint sees what runs. Text
 * that does not parse, or nests past `MAX_JSON_DEPTH` (hookwire refuses to read it), is covered byte for byte.
 * A file that says nothing trust covers (`{}`, permissions alone, the file connect created) is as if absent.
 */
export function settingsTrustRead(text: string, source: SettingsSource): SettingsTrustRead {
  const spec = sourceSpecOf(source);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const json = nestsDeeperThan(body, MAX_JSON_DEPTH) ? undefined : parse(body, spec);
  if (!isObject(json)) {
    const digest = sha256(`bytes\0${text}`);
    return { digest, view: text, legacy: digest };
  }
  const kept = withoutToken(withoutConnections(json, spec.hooksKey));
  const says = (parts: Record<string, unknown>) => Object.keys(parts).some((key) => !INERT_KEYS.has(key));
  const digestOf = (parts: Record<string, unknown>, tag: string) => sha256(`${tag}\0${canonical(parts)}`);
  const legacy = says(kept) ? digestOf(kept, "settings") : undefined;
  const known = spec.otherKeys ? new Set([...spec.otherKeys, ...INERT_KEYS]) : undefined;
  const parts = coveredParts(
    kept,
    spec.trustKeys.map((key) => key.split(".")),
    known,
  );
  if (!says(parts)) return { digest: undefined, view: undefined, legacy };
  const view = `${JSON.stringify(sorted(parts), (_key, value) => (typeof value === "bigint" ? `${value}` : value), 2)}\n`;
  return { digest: digestOf(parts, "hook settings"), view, legacy };
}

function parse(body: string, spec: SourceSpec): unknown {
  if (spec.format === "toml") {
    const toml = parseTomlFile(body);
    return toml.ok ? toml.value : undefined;
  }
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
