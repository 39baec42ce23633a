// Runs `hookwire hook` in this process from dist/hook-path.cjs (scripts/write-hook-path.mjs) with a V8 code cache
// in the private per-user cache: compiled code is read back instead of parsing and compiling the bundle again.
// The cache is code this process runs, so it is read only as the loader reads its transform cache (a regular file of
// this user, no link, no other permission bits, in a folder only this user can write; `readKeyedEntry`), under a
// key of the bundle's text, Node's version and the flags V8 runs with; anything else is compiled afresh and the
// entry written again after the answer.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import {
  defaultCacheRoot,
  ensurePrivateDir,
  pruneOldest,
  readKeyedEntry,
  sha256,
  writeKeyedEntry,
} from "@hookwire/trust/private-files";

/** Code caches kept (one per bundle and flags). */
const MAX_ENTRIES = 8;

interface HookPath {
  provideHostPackages(dir: string): void;
  hookMain(input?: string): Promise<void>;
}

/** The bundle's first line (scripts/write-hook-path.mjs): its build's hash of the rest. */
const HASH_LINE = "//hookwire-hook-path sha256=";

/** The SHA-256 of the bundle's code, as its build wrote it on the first line; hashed here when it is not there. */
function bundleHash(source: string): string {
  const hash = source.startsWith(HASH_LINE) ? source.slice(HASH_LINE.length, HASH_LINE.length + 64) : "";
  if (/^[0-9a-f]{64}$/.test(hash) && source[HASH_LINE.length + 64] === "\n") return hash;
  return sha256(source);
}

/** The cache entry of this bundle under these flags: one file per key, in `<cache root>/code`. */
function cacheEntry(source: string): { file: string; key: string } | undefined {
  const dir = path.join(defaultCacheRoot(), "code");
  if (!(ensurePrivateDir(path.dirname(dir)) && ensurePrivateDir(dir))) return undefined;
  // V8 rejects a cache made under other flags itself; the key keeps such entries apart instead of overwriting.
  const flags = [process.version, process.arch, process.execArgv.join(" "), process.env.NODE_OPTIONS ?? ""];
  const key = sha256(`hook-path\0${bundleHash(source)}\0${flags.join("\0")}`);
  return { file: path.join(dir, `hook-path-${key}.bin`), key };
}

/**
 * Starts the call from the bundle beside this file; `false` (nothing run) when there is none to run, so the caller
 * imports the ES modules instead. `dist` is the folder of the bundle.
 */
export function runHookPath(dist: string, input?: string): boolean {
  const file = path.join(dist, "hook-path.cjs");
  let source: string;
  let start: (...args: unknown[]) => void;
  let entry: { file: string; key: string } | undefined;
  let script: vm.Script;
  let cached: Buffer | undefined;
  try {
    source = readFileSync(file, "utf8");
    entry = cacheEntry(source);
    cached = entry && readKeyedEntry(entry.file, entry.key);
    script = new vm.Script(source, { filename: file, ...(cached ? { cachedData: cached } : {}) });
    start = script.runInThisContext() as typeof start;
  } catch {
    return false;
  }
  const loaded = { exports: {} as HookPath };
  // What the bundle imports dynamically (a hook module, the OpenTelemetry SDK) is imported here, natively.
  const importHere = (specifier: string) => import(specifier);
  try {
    start.call(loaded.exports, loaded.exports, createRequire(file), loaded, file, dist, importHere);
  } catch {
    // A bundle that does not start (a broken install) leaves the call to the ES modules.
    return false;
  }
  if (entry && (cached === undefined || script.cachedDataRejected)) {
    const { file: at, key } = entry;
    // After the answer: what ran is compiled by then, and goes into the cache with the rest.
    process.once("exit", () => {
      // Another build's entries go (an upgrade leaves its predecessor's): a few are kept for installs side by side.
      try {
        pruneOldest(path.dirname(at), MAX_ENTRIES, ".bin");
      } catch {}
      writeKeyedEntry(at, key, script.createCachedData());
    });
  }
  loaded.exports.provideHostPackages(path.join(dist, "hook-path"));
  void loaded.exports.hookMain(input);
  return true;
}
