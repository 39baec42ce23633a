// Reads the `plugin` list of an `opencode.json` / `opencode.jsonc` file, safely (the file may be a project's).
import { MAX_JSON_DEPTH, nestsDeeperThan, readRegularFile } from "@hookwire/core/internal";
import type { ParseError } from "jsonc-parser";
import { jsoncParser } from "../../../lazy-deps.js";

/** `opencode.json` files are small; a larger one is refused, never read whole. */
export const MAX_OPENCODE_CONFIG_BYTES = 1024 * 1024;

/** One entry of the list: `"spec"` or `["spec", { …options }]`; `problem` when the entry is malformed. */
export interface PluginEntry {
  spec: string;
  options?: Record<string, unknown>;
  /** JSON path of the entry, for messages (`plugin[2]`). */
  at: string;
  problem?: string;
}

export type ConfigRead =
  | { kind: "missing" }
  | { kind: "invalid"; message: string }
  | { kind: "read"; entries: PluginEntry[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function entryOf(value: unknown, at: string): PluginEntry {
  if (typeof value === "string" && value.trim() !== "") return { spec: value.trim(), at };
  if (Array.isArray(value) && typeof value[0] === "string" && value[0].trim() !== "") {
    const [spec, options] = value;
    if (value.length === 1 || options === undefined) return { spec: spec.trim(), at };
    if (isRecord(options) && value.length === 2) return { spec: spec.trim(), options, at };
  }
  return {
    spec: JSON.stringify(value) ?? String(value),
    at,
    problem: `\`${at}\` must be a plugin name or path, or ["name", { options }], got ${JSON.stringify(value) ?? typeof value}`,
  };
}

export function readOpencodeConfig(file: string): ConfigRead {
  const read = readRegularFile(file, MAX_OPENCODE_CONFIG_BYTES);
  if (!read.ok) {
    if (read.reason === "missing") return { kind: "missing" };
    return { kind: "invalid", message: `\`${file}\` ${read.message}; it was not read` };
  }
  const text = read.data.toString("utf8");
  // jsonc-parser recurses: a 100,000-deep array would overflow it and take the user's plugins down with it.
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    return {
      kind: "invalid",
      message: `\`${file}\` nests more than ${MAX_JSON_DEPTH} levels deep; it was not read`,
    };
  const errors: ParseError[] = [];
  const { parse, printParseErrorCode } = jsoncParser();
  const config: unknown = parse(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) {
    const first = errors[0] as ParseError;
    return {
      kind: "invalid",
      message: `\`${file}\` is not valid JSON: ${printParseErrorCode(first.error)} at offset ${first.offset}`,
    };
  }
  if (!isRecord(config)) return { kind: "invalid", message: `\`${file}\` must hold a JSON object` };
  const list = config.plugin;
  if (list === undefined) return { kind: "read", entries: [] };
  if (!Array.isArray(list)) {
    return { kind: "invalid", message: `\`plugin\` in \`${file}\` must be an array, got ${typeof list}` };
  }
  return { kind: "read", entries: list.map((value, index) => entryOf(value, `plugin[${index}]`)) };
}
