// Lists the files of a hook folder in a fixed order, without hidden files.
import { type Dirent, opendirSync, statSync } from "node:fs";
import path from "node:path";

/** A hook folder with more entries than this is not read (a repository could hold millions). */
export const MAX_HOOK_FOLDER_ENTRIES = 10_000;

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** A dangling link, a loop or a link to anything but a regular file is no hook. */
function isLinkToFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Absolute paths of the regular files (or links to them) in `dir`, sorted by code point so every
 * file system yields the same order; a missing folder has no files. Reads at most
 * `MAX_HOOK_FOLDER_ENTRIES` entries (the support-file walk of a project folder warns about the rest).
 * Synchronous: a start looks at some 30 folders, most of them missing, and a thread-pool round trip for
 * each cost more than the calls themselves (directory reads do not block on a FIFO or a device).
 */
export function listFiles(dir: string): string[] {
  const entries: Dirent[] = [];
  try {
    const folder = opendirSync(dir);
    try {
      // Throwing would fail the provider for the user's folder too: a repository could switch off
      // the user's hooks by filling its own folder. What is not listed never runs.
      for (let entry = folder.readSync(); entry !== null; entry = folder.readSync()) {
        if (entries.length >= MAX_HOOK_FOLDER_ENTRIES) break;
        entries.push(entry);
      }
    } finally {
      folder.closeSync();
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
    else if (entry.isSymbolicLink() && isLinkToFile(file)) files.push(file);
  }
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
