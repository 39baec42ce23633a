// A hook's id (absolute file, `#` JSON path) as the user sees and types it: the file from the project folder.
import { displayPath } from "@hookwire/core/internal";

/** `/repo/.claude/settings.json#hooks.PreToolUse[0]` → `.claude/settings.json#hooks.PreToolUse[0]` (from `/repo`). */
export function showHookId(id: string, cwd: string, home?: string): string {
  const [file = "", jsonPath] = id.split(/#(.*)/s);
  return `${displayPath(file, cwd, home)}${jsonPath === undefined ? "" : `#${jsonPath}`}`;
}

/**
 * `hookwire hooks <action> <id>`, the id a shell word: JSON paths hold `[…]`, which zsh takes for a glob that
 * matches nothing (and fails), so an id beyond plain path characters is single-quoted.
 */
export function hooksCommandFor(action: "disable" | "enable", shown: string): string {
  const word = /^[\w@%+=:,./~-]+$/.test(shown) ? shown : `'${shown.replaceAll("'", "'\\''")}'`;
  return `hookwire hooks ${action} ${word}`;
}
