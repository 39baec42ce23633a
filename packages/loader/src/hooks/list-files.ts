// Lists the files of a hook folder in a fixed order, without hidden files.
import type { Dirent } from "node:fs";
import { opendir, stat } from "node:fs/promises";
import path from "node:path";

/** A hook folder with more entries than this is not read (a repository could hold millions). */
export const MAX_HOOK_FOLDER_ENTRIES = 10_000;

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * Absolute paths of the regular files (or links to them) in `dir`, sorted by code point so every
 * file system yields the same order; a missing folder has no files. Reads at most
 * `MAX_HOOK_FOLDER_ENTRIES` entries (the support-file walk of a project folder warns about the rest).
 */
export async function listFiles(dir: string): Promise<string[]> {
  const entries: Dirent[] = [];
  try {
    for await (const entry of await opendir(dir)) {
      // Throwing would fail the provider for the user's folder too: a repository could switch off
      // the user's hooks by filling its own folder. What is not listed never runs.
      if (entries.length >= MAX_HOOK_FOLDER_ENTRIES) break;
      entries.push(entry);
    }
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
