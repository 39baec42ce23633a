// The hook path's code cache written before any call needs it: by `hookwire serve` as it starts (the call that
// started it left the cache to it) and by `hookwire connect` (a fresh HOME's first call then reads the bundle's
// compiled top level instead of compiling half a megabyte). Same checks and entries as a call's (hook-path-run.ts).
import path from "node:path";
import { packageRoot } from "./package-root.js";

/**
 * Writes the bundle's top level to this user's code cache for this Node, unless it holds one; whether it wrote. Never
 * throws: a cache not written (an incomplete install) costs the first call time, and must not fail `connect`.
 */
export async function prepareHookPath(): Promise<boolean> {
  try {
    const { writeHookPathCache } = await import("./hook-path-run.js");
    return writeHookPathCache(path.join(packageRoot(import.meta.url, "hookwire"), "dist"));
  } catch {
    return false;
  }
}
