// CLAUDE_ENV_FILE: the per-session files SessionStart hooks write `export` lines to, sourced by later Bash calls.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defaultOutputDir } from "./protocol/output.js";

/** `<XDG cache>/hookwire/session-env/<sessionId>`: per user, next to the saved hook output. */
export function defaultSessionEnvDir(
  sessionId: string,
  env: Record<string, string | undefined> = process.env,
): string {
  return path.join(path.dirname(defaultOutputDir(env)), "session-env", sessionId);
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The env files of one session. Claude Code gives each SessionStart hook its own empty file in
 * `CLAUDE_ENV_FILE` and sources them all before every later Bash command; a host's Bash tool does the
 * same with `prelude()` (or reads `files()`).
 */
export class SessionEnvironment {
  readonly dir: string;
  readonly #files: string[] = [];

  constructor(dir: string) {
    this.dir = dir;
  }

  /** A new empty file for one hook run, named as Claude Code names it (`sessionstart-hook-0.sh`). */
  createFile(event: string, index: number): string {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(this.dir, `${event.toLowerCase()}-hook-${index}.sh`);
    writeFileSync(file, "", { mode: 0o600 });
    chmodSync(file, 0o600);
    if (!this.#files.includes(file)) this.#files.push(file);
    return file;
  }

  /** The files hooks wrote something to, in the order they were handed out. */
  files(): string[] {
    return this.#files.filter((file) => existsSync(file) && readFileSync(file, "utf8").trim() !== "");
  }

  /** Shell text that applies every file (`. '<file>'` per line), to put before a Bash command; `""` when none. */
  prelude(): string {
    return this.files()
      .map((file) => `. ${shellQuote(file)}`)
      .join("\n");
  }
}
