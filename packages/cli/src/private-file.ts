// A small JSON file only this user can write: a private folder, atomic writes, refused when others could change it
// (the checks are `@hookwire/trust/private-files`: one mechanism for caches, the trust store and state).
import { randomUUID } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { privateDirProblem, readPrivateEntry } from "@hookwire/trust/private-files";

/** Creates `dir` (0700) and throws unless only this user can write it (the loader's check, with its reason). */
export function ensurePrivateDir(dir: string): void {
  const problem = privateDirProblem(dir);
  if (problem) {
    throw new Error(
      `\`${dir}\` is not private: ${problem}. Make it and the folders above it writable by you alone, or set ` +
        `XDG_STATE_HOME to a folder that is.`,
    );
  }
}

/**
 * The parsed JSON of `file`, `undefined` when it does not exist. A file that is not this user's regular,
 * private file, or too large, or not JSON, throws: a record another user could plant is never read.
 */
export function readPrivateJson(file: string, maxBytes: number): unknown {
  const text = readPrivateText(file, maxBytes);
  return text === undefined ? undefined : JSON.parse(text);
}

/** `readPrivateJson`'s checks, the text unparsed. */
export function readPrivateText(file: string, maxBytes: number): string | undefined {
  const read = readPrivateEntry(file);
  if (!read.ok) {
    if (read.missing) return undefined;
    throw new Error(`\`${file}\` is not used: ${read.reason}. Remove it.`);
  }
  if (Buffer.byteLength(read.text) > maxBytes)
    throw new Error(`\`${file}\` is larger than ${maxBytes} bytes.`);
  return read.text;
}

/** Written to a temporary file of its own (0600) and renamed: a crash or a second writer never leaves half of it. */
export function writePrivateJson(file: string, value: unknown): void {
  ensurePrivateDir(path.dirname(file));
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(value)}\n`, { mode: 0o600, flag: "wx" });
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}
