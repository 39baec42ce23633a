// Finds the project files a settings command runs, so editing them changes the fingerprint.
import { statSync } from "node:fs";
import path from "node:path";
import type { SettingsHandler } from "@hookwire/settings-hooks";
import { parse } from "shell-quote";

const PROJECT_DIR = /\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR\b/g;

function isFileInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return false;
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The words a command runs, read the way it runs: exec form as given, shell form split by shell-quote. */
function commandWords(root: string, config: { command: string; args?: string[] }): unknown[] {
  const expand = (text: string) => text.replace(PROJECT_DIR, () => root);
  // Exec form: `command` is one path, spaces included; splitting it would miss the script.
  if (config.args) return [expand(config.command), ...config.args.map(expand)];
  return parse(config.command, (name) => (name === "CLAUDE_PROJECT_DIR" ? root : `$${name}`));
}

/**
 * Best effort: every word of a command (with `${CLAUDE_PROJECT_DIR}` as the root) that names a file
 * inside the project, so `python3 .claude/hooks/check.py` covers the script too.
 */
export function referencedScripts(root: string, handlers: readonly SettingsHandler[]): string[] {
  const files = new Set<string>();
  for (const handler of handlers) {
    if (handler.config.type !== "command") continue;
    const words = commandWords(root, handler.config).filter(
      (word): word is string => typeof word === "string",
    );
    for (const word of words) {
      const file = path.resolve(root, word);
      if (isFileInside(root, file)) files.add(file);
    }
  }
  return [...files];
}
