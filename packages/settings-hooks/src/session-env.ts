// CLAUDE_ENV_FILE: the per-session files SessionStart hooks write `export` lines to, sourced by later Bash calls.
import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sha256 } from "@hookwire/core/internal";
import { defaultOutputDir } from "./protocol/output.js";

/**
 * `<XDG cache>/hookwire/session-env/<sessionId>`: per user, next to the saved hook output. A session id that is not
 * a plain name (`../x`, a `/`, a control character: hosts pass what their agent sends) is named by its hash, so it
 * stays one folder inside `session-env`.
 */
export function defaultSessionEnvDir(
  sessionId: string,
  env: Record<string, string | undefined> = process.env,
): string {
  return path.join(path.dirname(defaultOutputDir(env)), "session-env", sessionFileName(sessionId));
}

/** A session id as one file or folder name: itself when it is a plain name, else `id-<hash>`. */
export function sessionFileName(sessionId: string): string {
  const plain = /^\w[\w.-]{0,127}$/.test(sessionId) && !sessionId.includes("..");
  return plain ? sessionId : `id-${sha256(sessionId).slice(0, 32)}`;
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The names `createFile` gives: `<event>-hook-<n>.sh`. */
const ENV_FILE = /^([a-z]+)-hook-(\d+)\.sh$/;

/**
 * The env files of one session. Claude Code gives each SessionStart hook its own empty file in
 * `CLAUDE_ENV_FILE` and sources them all before every later Bash command; a host's Bash tool does the
 * same with `prelude()` (or reads `files()`). The folder is the state: another process on the same folder
 * (the CLI's next command, a resumed session) sees the same files.
 */
export class SessionEnvironment {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** A new empty file for one hook run, named as Claude Code names it (`sessionstart-hook-0.sh`). */
  createFile(event: string, index: number): string {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(this.dir, `${event.toLowerCase()}-hook-${index}.sh`);
    writeFileSync(file, "", { mode: 0o600 });
    chmodSync(file, 0o600);
    return file;
  }

  /**
   * The non-empty env files in the folder, by event and then hook number. Only regular files count: a
   * link or a FIFO put there is never sourced (a FIFO would hang every Bash call).
   */
  files(): string[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    return names
      .flatMap((name) => {
        const match = ENV_FILE.exec(name);
        if (!match) return [];
        const file = path.join(this.dir, name);
        try {
          const stat = lstatSync(file);
          return stat.isFile() && stat.size > 0
            ? [{ file, event: match[1] ?? "", index: Number(match[2]) }]
            : [];
        } catch {
          return [];
        }
      })
      .sort((a, b) => (a.event === b.event ? a.index - b.index : a.event < b.event ? -1 : 1))
      .map((entry) => entry.file);
  }

  /** Shell text that applies every file (`. '<file>'` per line), to put before a Bash command; `""` when none. */
  prelude(): string {
    return this.files()
      .map((file) => `. ${shellQuote(file)}`)
      .join("\n");
  }
}
