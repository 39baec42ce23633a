// The per-user cache folders of the transform caches, and the check that keeps them private.
import { chmodSync, lstatSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** `$XDG_CACHE_HOME/hookwire`, else `~/.cache/hookwire`: per user, never the shared temp folder. */
export function defaultCacheRoot(env: Record<string, string | undefined> = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  // The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), ".cache");
  return path.join(base, "hookwire");
}

/** Where self-contained TypeScript modules are cached: `<cache root>/modules`. */
export function defaultModuleCacheDir(env: Record<string, string | undefined> = process.env): string {
  return path.join(defaultCacheRoot(env), "modules");
}

/**
 * Creates `dir` (mode 0700) and answers whether only this user can write it: a real folder, not a link,
 * owned by this user, no group or other bits (they are removed when the folder is ours). A cache
 * someone else can write is a way to run their code as ours, so such a folder is not used.
 */
export function ensurePrivateDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    if (!stat.isDirectory()) return false;
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid) return false;
    if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
    return true;
  } catch {
    return false;
  }
}
