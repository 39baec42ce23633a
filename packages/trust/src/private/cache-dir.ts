// The per-user cache and state folders, and the check that keeps a folder private.
import { chmodSync, lstatSync, mkdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** `$XDG_CACHE_HOME/hookwire`, else `~/.cache/hookwire`: per user, never the shared temp folder. */
export function defaultCacheRoot(env: Record<string, string | undefined> = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  // The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), ".cache");
  return path.join(base, "hookwire");
}

/**
 * `$XDG_STATE_HOME/hookwire`, else `~/.local/state/hookwire` (the XDG spec ignores a relative value): what hookwire
 * did that it must be able to undo or show later (the decision log, connection records, the server's files).
 */
export function defaultStateRoot(env: Record<string, string | undefined> = process.env): string {
  const xdg = env.XDG_STATE_HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), ".local", "state");
  return path.join(base, "hookwire");
}

/**
 * Why someone else could swap `dir` by renaming an entry of a folder above it, or `undefined`: every folder
 * holding it must be this user's or root's, and one that others may write must be sticky (`/tmp`), where only an
 * entry's owner can rename it. Checked on each folder as it is (a link among them is followed by the walk).
 */
function unsafeAncestor(dir: string, uid: number): string | undefined {
  for (let parent = path.dirname(dir); ; parent = path.dirname(parent)) {
    let stat: import("node:fs").Stats;
    try {
      stat = statSync(parent);
    } catch {
      return parent;
    }
    if (stat.uid !== uid && stat.uid !== 0) return parent;
    const sticky = (stat.mode & 0o1000) !== 0;
    // Group write of the user's own primary group is theirs (usergroups systems make 0775 folders).
    const groupWrites = (stat.mode & 0o020) !== 0 && stat.gid !== process.getgid?.();
    if (!sticky && ((stat.mode & 0o002) !== 0 || groupWrites)) return parent;
    if (path.dirname(parent) === parent) return undefined;
  }
}

/**
 * Creates `dir` (mode 0700) and says why it is not private, or `undefined` when only this user can write it: a
 * real folder, not a link, owned by this user, no group or other bits (they are removed when the folder is ours),
 * inside folders no one else can rename it out of. A folder someone else can write or swap is a way to run their
 * code as ours (a cache) or to plant a record (the CLI's state), so such a folder is not used.
 */
export function privateDirProblem(dir: string): string | undefined {
  try {
    const uid = process.getuid?.();
    // Checked before creating: folders made under someone else's would be theirs to swap.
    if (uid !== undefined && unsafeAncestor(dir, uid) !== undefined) {
      mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
      const ancestor = unsafeAncestor(dir, uid);
      if (ancestor !== undefined) return `another user can rename or replace \`${ancestor}\` above it`;
    }
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    if (!stat.isDirectory()) return "it is not a folder (a link?)";
    if (uid !== undefined && stat.uid !== uid) return `it is owned by user ${stat.uid}`;
    if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** `privateDirProblem` as a yes / no: whether `dir` can be used. */
export function ensurePrivateDir(dir: string): boolean {
  return privateDirProblem(dir) === undefined;
}

/** A cache folder holds at most this many entries; past it the oldest are removed (`pruneOldest`). */
export const MAX_CACHE_ENTRIES = 4096;
