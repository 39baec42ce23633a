// A dialect's hooks block in Claude Code's group layout: flat `{event: [handler]}` files (Copilot CLI, Cursor) become groups.
import type { SettingsFormat } from "./types.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * One handler of a flat file as a matcher group of one: its `matcher` becomes the group's, the dialect's
 * field names become hookwire's (`bash` → `command`, `timeoutSec` → `timeout`) and a handler without
 * `type` gets the dialect's default. Anything that is not an object is left for validation to report.
 */
export function handlerAsGroup(raw: unknown, format: SettingsFormat): unknown {
  if (!isRecord(raw)) return { hooks: [raw] };
  const { matcher, ...fields } = raw;
  const handler: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const alias = format.handlerAliases?.[key];
    // The dialect's own name wins over a hookwire name written beside it (`bash` and `command`).
    if (alias !== undefined) handler[alias] = value;
    else if (!(key in handler)) handler[key] = value;
  }
  if (handler.type === undefined && format.defaultType !== undefined) handler.type = format.defaultType;
  return matcher === undefined ? { hooks: [handler] } : { matcher, hooks: [handler] };
}

/** The hooks block as `{event: [group]}`; a flat list that is not an array is left for validation. */
export function asGroups(hooks: Record<string, unknown>, format: SettingsFormat): Record<string, unknown> {
  if (format.layout !== "flat") return hooks;
  return Object.fromEntries(
    Object.entries(hooks).map(([event, list]) => [
      event,
      Array.isArray(list) ? list.map((raw) => handlerAsGroup(raw, format)) : list,
    ]),
  );
}

/**
 * The file's format version, checked: `undefined` when it is right (or the dialect has none), else the
 * message of the error. A missing version is accepted — Copilot CLI runs such files (observed).
 */
export function versionProblem(json: Record<string, unknown>, format: SettingsFormat): string | undefined {
  const version = format.version;
  if (!version || !(version.key in json) || json[version.key] === version.value) return undefined;
  return `Unsupported ${version.key}: expected ${JSON.stringify(version.value)}, got ${JSON.stringify(json[version.key])}. This file's hooks are skipped: it is written for another version of the format.`;
}
