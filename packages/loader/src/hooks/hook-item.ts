// The `hooks` capability: what a discovered hook is and when two of them are the same hook.
import path from "node:path";
import type { HookScope } from "@hookwire/core";
import type { Capability } from "../capability/types.js";

/**
 * `module`: a JS/TS file with a default-exported factory; `pre`/`post`: runs before/after a tool;
 * `opencode`: an OpenCode plugin module (named async factories returning hooks keyed by name).
 */
export type HookItemType = "pre" | "post" | "module" | "opencode";

/** The scopes a discovered file hook lives in: core's `HookScope`, the two with folders to scan. */
export type HookLevel = Extract<HookScope, "user" | "project">;

export interface HookItem {
  /** The file name the key uses; Codex-style files drop their `pre-`/`post-` prefix here. */
  name: string;
  /** Absolute path of the file. */
  path: string;
  type: HookItemType;
  /** The tool a pre/post hook applies to, `*` for every tool (and for modules). */
  tool: string;
  level: HookLevel;
  /** The id of the provider that found it. */
  source: string;
  /** OpenCode plugins: the second argument of each factory (the `[spec, options]` form of `opencode.json`). */
  options?: Record<string, unknown>;
  /** Why the item cannot load (an npm plugin that is not installed): reported as a load error, nothing runs. */
  problem?: string;
}

const TYPES = new Set(["pre", "post", "module", "opencode"]);
const LEVELS = new Set(["user", "project"]);

function validateHookItem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null)
    return `expected an object, got ${value === null ? "null" : typeof value}`;
  const item = value as Partial<Record<keyof HookItem, unknown>>;
  for (const field of ["name", "path", "tool", "source"] as const) {
    if (typeof item[field] !== "string" || item[field] === "") return `"${field}" must be a non-empty string`;
  }
  if (!path.isAbsolute(item.path as string)) return `"path" must be absolute, got "${String(item.path)}"`;
  if (!TYPES.has(item.type as string))
    return `"type" must be "pre", "post", "module" or "opencode", got ${JSON.stringify(item.type)}`;
  if (!LEVELS.has(item.level as string))
    return `"level" must be "user" or "project", got ${JSON.stringify(item.level)}`;
  return undefined;
}

export const hooksCapability: Capability<HookItem> = {
  id: "hooks",
  key: (item) => `${item.type}:${item.tool}:${item.name}`,
  validate: validateHookItem,
  // A repository must not be able to switch off a user's own guard by naming a file the same.
  coexists: (earlier, later) => earlier.level === "project" && later.level === "user",
};
