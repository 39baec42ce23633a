// The handlers that run, from every file read: each dialect's switches applied (all off, one handler off).
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
 * - a file that disables all hooks (`"disableAllHooks": true`, Codex's `[features] hooks = false`, Gemini's
 *   `hooksConfig.enabled: false`) turns off its own dialect's handlers;
 * - a handler whose `stateId` any file lists as disabled (Codex's `[hooks.state."<id>"] enabled = false`)
 *   does not run;
 * - a handler a file of its dialect names as disabled (`disabledNames`, unioned across the dialect's files as
 *   Gemini CLI merges `hooksConfig.disabled`) does not run.
 */
export function activeHandlers(results: readonly SettingsFileResult[]): SettingsHandler[] {
  const allOff = new Set<string>();
  const disabledIds = new Set<string>();
  const disabledNames = new Map<string, Set<string>>();
  for (const result of results) {
    const dialect = result.source.dialect ?? "claude";
    if (result.disableAllHooks) allOff.add(dialect);
    for (const id of result.disabledHandlers ?? []) disabledIds.add(id);
    for (const name of result.disabledNames ?? []) {
      disabledNames.set(dialect, (disabledNames.get(dialect) ?? new Set()).add(name));
    }
  }
  return results.flatMap((result) =>
    result.handlers.filter((handler) => {
      if (allOff.has(handler.dialect)) return false;
      if (handler.stateId !== undefined && disabledIds.has(handler.stateId)) return false;
      const name = handlerName(handler);
      return name === undefined || !disabledNames.get(handler.dialect)?.has(name);
    }),
  );
}
