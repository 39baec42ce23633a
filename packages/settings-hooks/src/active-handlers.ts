// The handlers that run, from every file read: each dialect's switches applied (all off, one handler off).
import type { SettingsFileResult } from "./read-settings.js";
import type { SettingsHandler } from "./types.js";

/**
 * Every file's handlers, in file order, without those its dialect turns off: a file that disables all
 * hooks (`"disableAllHooks": true`, Codex's `[features] hooks = false`) turns off its own dialect's
 * handlers, and a handler whose `stateId` any file lists as disabled (Codex's `[hooks.state."<id>"]
 * enabled = false`) does not run.
 */
export function activeHandlers(results: readonly SettingsFileResult[]): SettingsHandler[] {
  const off = new Set(results.filter((r) => r.disableAllHooks).map((r) => r.source.dialect ?? "claude"));
  const disabled = new Set(results.flatMap((r) => r.disabledHandlers ?? []));
  return results
    .flatMap((r) => r.handlers)
    .filter((h) => !off.has(h.dialect) && (h.stateId === undefined || !disabled.has(h.stateId)));
}
