// Turns a configured hook path into an absolute one: `~` is the home directory, relative is against cwd.
import os from "node:os";
import path from "node:path";

/**
 * Absolute paths are returned as is, `~` and `~/x` are expanded to `home` (default `os.homedir()`),
 * anything else is resolved against `cwd`. `~user` is not expanded: it names a relative path.
 */
export function resolvePath(p: string, cwd: string, home: string = os.homedir()): string {
  if (p === "~") return home;
  if (p.startsWith("~/") || (path.sep === "\\" && p.startsWith("~\\"))) return path.join(home, p.slice(2));
  return path.resolve(cwd, p);
}
