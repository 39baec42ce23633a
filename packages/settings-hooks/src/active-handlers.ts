// The handlers that run, from every file read: each dialect's switches applied (all off, one handler off).
import type { DialectId } from "./dialect-kit/types.js";
import { dialectById } from "./dialects/registry.js";
import type { SettingsFileResult } from "./read-settings.js";
import type { SettingsHandler } from "./types.js";

/** A handler's name for a disabled-names list (Gemini's rule): its `name`, else its command. */
function handlerName(handler: SettingsHandler): string | undefined {
  if (handler.name !== undefined) return handler.name;
  const config = handler.config as { command?: unknown };
  return typeof config.command === "string" ? config.command : undefined;
}

/**
 * A file a repository can bring (the source spec says so; a hand-made source goes by its scope). Its switches
 * reach only handlers of such files: a project never switches off the user's own guards.
 */
export function isProjectSource(source: SettingsFileResult["source"]): boolean {
  return source.spec?.trust ?? (source.scope === "project" || source.scope === "local");
}

interface Switches {
  off: Map<DialectId, boolean>;
  ids: Set<string>;
  names: Map<string, Set<string>>;
}

/** The switches of `results`, combined per dialect by its `SettingsFormat.switchMerge`. */
function switchesOf(results: readonly SettingsFileResult[]): Switches {
  const off = new Map<DialectId, boolean>();
  const ids = new Set<string>();
  const names = new Map<string, Set<string>>();
  for (const result of results) {
    const dialect = result.source.dialect;
    // A result built without `hooksSwitch` (older callers) still says off through `disableAllHooks`.
    const said = result.hooksSwitch ?? (result.disableAllHooks ? false : undefined);
    if (said !== undefined) {
      const lastWins = dialectById(dialect).settings.switchMerge === "last-file";
      if (lastWins || !said) off.set(dialect, said);
    }
    for (const id of result.disabledHandlers ?? []) ids.add(id);
    for (const name of result.disabledNames ?? [])
      names.set(dialect, (names.get(dialect) ?? new Set()).add(name));
  }
  return { off, ids, names };
}

/**
 * Every file's handlers, in file order, without those its dialect turns off:
 * - a file's off switch (`"disableAllHooks": true`, Codex's `[features] hooks = false`, Gemini's
 *   `hooksConfig.enabled: false`) turns off its own dialect's handlers, combined across the dialect's files
 *   by its `SettingsFormat.switchMerge`: any file that says off, or the last file that says either way;
 * - a handler whose `stateId` any file lists as disabled (Codex's `[hooks.state."<id>"] enabled = false`)
 *   does not run;
 * - a handler a file of its dialect names as disabled (`disabledNames`, unioned across the dialect's files as
 *   Gemini CLI merges `hooksConfig.disabled`) does not run.
 * A project file's switches (`isProjectSource`) count for the project's handlers only: the user's handlers see
 * the switches of the user's (and the host's) files alone, so no repository turns off a user's guard.
 */
export function activeHandlers(results: readonly SettingsFileResult[]): SettingsHandler[] {
  const forProject = switchesOf(results);
  const forUser = switchesOf(results.filter((result) => !isProjectSource(result.source)));
  return results.flatMap((result) => {
    const { off, ids, names } = isProjectSource(result.source) ? forProject : forUser;
    return result.handlers.filter((handler) => {
      if (off.get(handler.dialect) === false) return false;
      if (handler.stateId !== undefined && ids.has(handler.stateId)) return false;
      const name = handlerName(handler);
      return name === undefined || !names.get(handler.dialect)?.has(name);
    });
  });
}
