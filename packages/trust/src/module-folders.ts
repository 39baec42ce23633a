// Files beside project hook files: what a module may import or a script may call is part of what trust covers.
import { type Dir, type Dirent, opendirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";

// Installed dependencies are covered by the package.json / lockfile beside them, which are walked.
const SKIPPED_FOLDERS = new Set(["node_modules", ".git"]);
/** A hook folder holding more files than this is not walked further; the rest cannot be fingerprinted. */
export const MAX_SUPPORT_FILES = 10_000;
const MAX_DEPTH = 32;

export interface SupportFiles {
  /** Regular files (and links to them), links to folders followed. */
  files: string[];
  /** Paths that are not regular files (FIFOs, devices, sockets) and were left out, with what they are. */
  refused: Array<{ path: string; what: string }>;
  /** The walk stopped at `MAX_SUPPORT_FILES`, or a folder nested deeper than it follows. */
  truncated: string[];
}

function describe(stat: import("node:fs").Stats): string | undefined {
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device file";
  if (stat.isSocket()) return "a socket";
  return undefined;
}

/**
 * Every file under the folders inside `root` that hold project hook files, `node_modules` and `.git` left
 * out. A hook file outside the project (an `opencode.json` entry naming `/usr/lib/x/plugin.js`) is covered by
 * itself and what it imports (`moduleImports`), never by its folder: that folder is not the repository's, and
 * may hold thousands of files. Links inside are followed (a linked helper folder outside the project counts
 * too), each real folder once, so a link loop ends; the walk is bounded by file count and depth.
 */
export function supportFiles(hookFiles: readonly string[], root: string): SupportFiles {
  const out: SupportFiles = { files: [], refused: [], truncated: [] };
  const visited = new Set<string>();
  const walk = (dir: string, depth: number) => {
    let real: string;
    try {
      real = realpathSync(dir);
    } catch {
      return;
    }
    if (visited.has(real)) return;
    visited.add(real);
    if (depth > MAX_DEPTH) {
      out.truncated.push(dir);
      return;
    }
    // Read one entry at a time and stop at the cap: a folder of millions is not listed into memory.
    const entries: Dirent[] = [];
    let handle: Dir;
    try {
      handle = opendirSync(dir);
    } catch {
      return;
    }
    try {
      for (let entry = handle.readSync(); entry; entry = handle.readSync()) {
        if (out.files.length + entries.length > MAX_SUPPORT_FILES) break;
        entries.push(entry);
      }
    } catch {
      // A folder that cannot be read further keeps what was read.
    } finally {
      handle.closeSync();
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (out.files.length >= MAX_SUPPORT_FILES) {
        if (!out.truncated.includes(dir)) out.truncated.push(dir);
        return;
      }
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(full, depth + 1);
        continue;
      }
      if (entry.isFile()) {
        out.files.push(full);
        continue;
      }
      // A link is whatever it points to; other entries are refused by what they are.
      let target: import("node:fs").Stats;
      try {
        target = statSync(full);
      } catch {
        if (entry.isSymbolicLink()) out.files.push(full); // dangling: its absence is fingerprinted
        continue;
      }
      if (target.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(full, depth + 1);
      } else if (target.isFile()) {
        out.files.push(full);
      } else {
        out.refused.push({ path: full, what: describe(target) ?? "not a regular file" });
      }
    }
  };
  for (const folder of new Set(hookFiles.map((file) => path.dirname(file)))) {
    const relative = path.relative(root, folder);
    if (relative.startsWith("..") || path.isAbsolute(relative)) continue;
    walk(folder, 0);
  }
  return out;
}
