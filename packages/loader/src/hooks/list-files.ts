// Lists the files of a hook folder in a fixed order, without hidden files.
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * Absolute paths of the regular files (or links to them) in `dir`, sorted by code point so every
 * file system yields the same order; a missing folder has no files.
 */
export async function listFiles(dir: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const file = path.join(dir, entry.name);
    if (entry.isFile()) files.push(file);
    else if (entry.isSymbolicLink() && (await stat(file).catch(() => undefined))?.isFile()) files.push(file);
  }
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
