// Lists the files of a hook folder in a fixed order, without hidden files.
import { type Dirent, opendirSync, statSync } from "node:fs";
import path from "node:path";

/** A hook folder with more entries than this is not read further (a repository could hold millions). */
export const MAX_HOOK_FOLDER_ENTRIES = 10_000;
/** At most this many hook files are taken from one folder (the first, sorted); the rest are a finding. */
export const MAX_HOOK_FOLDER_FILES = 256;

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
 * `MAX_HOOK_FOLDER_ENTRIES` entries and returns at most `MAX_HOOK_FOLDER_FILES` files. Never throws: a folder
 * that cannot be listed (a link loop, a file where a folder should be, no permission) is reported through
 * `warn` and has no files, so a repository cannot switch off a provider, and with it the user's own folder.
 * Synchronous: a start looks at some 30 folders, most of them missing, and a thread-pool round trip for
 * each cost more than the calls themselves (directory reads do not block on a FIFO or a device).
 */
export function listFiles(dir: string, warn: (message: string) => void = () => {}): string[] {
  const entries: Dirent[] = [];
  try {
    const folder = opendirSync(dir);
    try {
      for (let entry = folder.readSync(); entry !== null; entry = folder.readSync()) {
        if (entries.length >= MAX_HOOK_FOLDER_ENTRIES) break;
        entries.push(entry);
      }
    } finally {
      folder.closeSync();
    }
  } catch (error) {
    if (isMissing(error)) return [];
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    const why =
      code === "ELOOP" ? "it is a link loop" : error instanceof Error ? error.message : String(error);
    warn(`\`${dir}\` was not read (${why}); its hooks were skipped.`);
    return [];
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const file = path.join(dir, entry.name);
    if (entry.isFile()) files.push(file);
    else if (entry.isSymbolicLink() && isLinkToFile(file)) files.push(file);
  }
  files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (files.length > MAX_HOOK_FOLDER_FILES) {
    warn(
      `\`${dir}\` holds more than ${MAX_HOOK_FOLDER_FILES} files; only the first ${MAX_HOOK_FOLDER_FILES} are read.`,
    );
    return files.slice(0, MAX_HOOK_FOLDER_FILES);
  }
  return files;
}
