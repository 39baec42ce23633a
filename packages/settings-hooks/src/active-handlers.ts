// The handlers that run, from every file read: each dialect's switches applied (all off, one handler off).
import type { DialectId } from "./dialect/types.js";
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
 * Every file's handlers, in file order, without those its dialect turns off:
 * - a file's off switch (`"disableAllHooks": true`, Codex's `[features] hooks = false`, Gemini's
 *   `hooksConfig.enabled: false`) turns off its own dialect's handlers, combined across the dialect's files
 *   by its `SettingsFormat.switchMerge`: any file that says off, or the last file that says either way;
 * - a handler whose `stateId` any file lists as disabled (Codex's `[hooks.state."<id>"] enabled = false`)
 *   does not run;
 * - a handler a file of its dialect names as disabled (`disabledNames`, unioned across the dialect's files as
 *   Gemini CLI merges `hooksConfig.disabled`) does not run.
 */
export function activeHandlers(results: readonly SettingsFileResult[]): SettingsHandler[] {
  const switches = new Map<DialectId, boolean>();
  const disabledIds = new Set<string>();
  const disabledNames = new Map<string, Set<string>>();
  for (const result of results) {
    const dialect = result.source.dialect ?? "claude";
    // A result built without `hooksSwitch` (older callers) still says off through `disableAllHooks`.
    const said = result.hooksSwitch ?? (result.disableAllHooks ? false : undefined);
    if (said !== undefined) {
      const lastWins = dialectById(dialect).settings.switchMerge === "last-file";
      if (lastWins || !said) switches.set(dialect, said);
    }
    for (const id of result.disabledHandlers ?? []) disabledIds.add(id);
    for (const name of result.disabledNames ?? []) {
      disabledNames.set(dialect, (disabledNames.get(dialect) ?? new Set()).add(name));
    }
  }
  return results.flatMap((result) =>
    result.handlers.filter((handler) => {
      if (switches.get(handler.dialect) === false) return false;
      if (handler.stateId !== undefined && disabledIds.has(handler.stateId)) return false;
      const name = handlerName(handler);
      return name === undefined || !disabledNames.get(handler.dialect)?.has(name);
    }),
  );
}
