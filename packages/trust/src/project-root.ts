// The trust store's key for a project: the real path of its folder.
import { realpathSync } from "node:fs";

/** `cwd` with every link resolved (the operating system's realpath, as `fs.promises.realpath`); itself when that fails. */
export function projectRoot(cwd: string): string {
  try {
    return realpathSync.native(cwd);
  } catch {
    return cwd;
  }
}
