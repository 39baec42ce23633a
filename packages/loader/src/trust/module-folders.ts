// Files beside project hook modules: what a module may import is part of what trust covers.
import { readdir } from "node:fs/promises";
import path from "node:path";

// Installed dependencies are covered by the package.json / lockfile beside them, which are walked.
const SKIPPED_FOLDERS = new Set(["node_modules", ".git"]);

async function walk(dir: string, out: string[]): Promise<void> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) await walk(full, out);
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      out.push(full);
    }
  }
}

/** Every file under the folders that hold project hook modules, `node_modules` and `.git` left out. */
export async function moduleFolderFiles(moduleFiles: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const folder of new Set(moduleFiles.map((file) => path.dirname(file)))) await walk(folder, files);
  return files;
}
