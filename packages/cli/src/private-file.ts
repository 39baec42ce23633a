// A small JSON file only this user can write: a private folder, atomic writes, refused when others could change it.
import { randomUUID } from "node:crypto";
import { chmodSync, lstatSync, mkdirSync, renameSync, rmSync, type Stats, writeFileSync } from "node:fs";
import path from "node:path";
import { readRegularFile } from "@hookwire/core";

/** Why someone other than this user could change what `stat` describes, or `undefined`. */
function othersCanWrite(stat: Stats): string | undefined {
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) return `it is owned by user ${stat.uid}`;
  if ((stat.mode & 0o022) !== 0) return "others can write it";
  return undefined;
}

/** Creates `dir` (0700) and throws unless only this user can write it; a link is refused. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) throw new Error(`\`${dir}\` is not a folder (a link?); remove it.`);
  const problem = othersCanWrite(stat);
  if (problem) throw new Error(`\`${dir}\` is not private: ${problem}. Make it yours: chmod 700 ${dir}`);
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/**
 * The parsed JSON of `file`, `undefined` when it does not exist. A file that is not this user's regular,
 * private file, or past `maxBytes`, or not JSON, throws: a record another user could plant is never read.
 */
export function readPrivateJson(file: string, maxBytes: number): unknown {
  let stat: Stats;
  try {
    stat = lstatSync(file);
  } catch {
    return undefined;
  }
  if (!stat.isFile()) throw new Error(`\`${file}\` is not a regular file; remove it.`);
  const problem = othersCanWrite(stat);
  if (problem) throw new Error(`\`${file}\` is not used: ${problem}. Remove it.`);
  const read = readRegularFile(file, maxBytes);
  if (!read.ok) {
    if (read.reason === "missing") return undefined;
    throw new Error(
      `\`${file}\` cannot be read: ${read.reason === "unreadable" ? read.message : `it ${read.message}`}.`,
    );
  }
  return JSON.parse(read.data.toString("utf8"));
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
