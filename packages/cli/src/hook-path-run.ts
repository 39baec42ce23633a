// Runs `hookwire hook` in this process from dist/hook-path.cjs (scripts/write-hook-path.mjs) with a V8 code cache
// in the private per-user cache: compiled code is read back instead of parsing and compiling the bundle again.
// The cache is code this process runs, so it is read only as the loader reads its transform cache (a regular file of
// this user, no link, no other permission bits, in a folder only this user can write; `readKeyedEntry`), under a
// key of the bundle's text, Node's version and the flags V8 runs with; anything else is compiled afresh and the
// entry written again after the answer — by the server when this call started one (it runs under the same flags).
import { isAscii } from "node:buffer";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { sha256 } from "@hookwire/core/internal";
import {
  defaultCacheRoot,
  ensurePrivateDir,
  pruneOldest,
  readKeyedEntry,
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

/**
 * What a cache entry holds: the code a whole call ran (written after a call's answer), or only the bundle's top level
 * (written by the server as it starts, which runs no call). A call uses either, and replaces the second with the first.
 */
type EntryKind = "call" | "top-level";

interface Entry {
  file: string;
  key: string;
}

/**
 * The cache entries of each kind for this bundle under these flags, one file per key in `<cache root>/code`;
 * `undefined` when that folder is not this user's alone.
 */
function cacheEntries(source: string): Record<EntryKind, Entry> | undefined {
  const dir = path.join(defaultCacheRoot(), "code");
  if (!(ensurePrivateDir(path.dirname(dir)) && ensurePrivateDir(dir))) return undefined;
  // V8 rejects a cache made under other flags itself; the key keeps such entries apart instead of overwriting.
  const flags = [process.version, process.arch, process.execArgv.join(" "), process.env.NODE_OPTIONS ?? ""];
  const bundle = bundleHash(source);
  const entry = (label: string): Entry => {
    const key = sha256(`${label}\0${bundle}\0${flags.join("\0")}`);
    return { file: path.join(dir, `${label}-${key}.bin`), key };
  };
  return { call: entry("hook-path"), "top-level": entry("hook-path-top-level") };
}

/** The bundle compiled, with the cached code V8 was given (if any) and whether it was a whole call's. */
interface Compiled {
  file: string;
  script: vm.Script;
  /** Where a whole call's code goes; `undefined` when the cache folder is not this user's alone. */
  callEntry: Entry | undefined;
  topLevelEntry: Entry | undefined;
  /** Which entry V8 was given (it may still reject it: `script.cachedDataRejected`). */
  used: EntryKind | undefined;
}

/** Reads and compiles the bundle in `dist`, with cached code when this user's cache holds it for these flags. */
function compile(dist: string): Compiled {
  const file = path.join(dist, "hook-path.cjs");
  const bytes = readFileSync(file);
  // Written in ASCII (scripts/write-hook-path.mjs): read as Latin-1, a one-byte string V8 takes as it is.
  const source = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
  const entries = cacheEntries(source);
  const callEntry = entries?.call;
  const topLevelEntry = entries?.["top-level"];
  // A whole call's code first; the top level the server wrote only when there is none.
  const forCall = callEntry && readKeyedEntry(callEntry.file, callEntry.key);
  const forTopLevel = forCall
    ? undefined
    : topLevelEntry && readKeyedEntry(topLevelEntry.file, topLevelEntry.key);
  const cached = forCall ?? forTopLevel;
  const used: EntryKind | undefined = forCall ? "call" : forTopLevel ? "top-level" : undefined;
  const script = new vm.Script(source, { filename: file, ...(cached ? { cachedData: cached } : {}) });
  return { file, script, callEntry, topLevelEntry, used };
}

/** Set by the call that started this user's server (serve/autostart.ts): that server writes the cache, not the call. */
export const SERVER_WRITES_CODE_CACHE = Symbol.for("hookwire.server-writes-code-cache");

/** Writes `script`'s compiled code (what has run so far) as the entry; a few other builds' entries are kept. */
function writeEntry(entry: Entry, script: vm.Script): void {
  // Another build's entries go (an upgrade leaves its predecessor's): a few are kept for installs side by side.
  try {
    pruneOldest(path.dirname(entry.file), MAX_ENTRIES, ".bin");
  } catch {}
  writeKeyedEntry(entry.file, entry.key, script.createCachedData());
}

/** Runs the bundle's top level: `start` is its one function expression; what it returns is in `loaded.exports`. */
function start(compiled: Compiled, dist: string): HookPath {
  const begin = compiled.script.runInThisContext() as (...args: unknown[]) => void;
  const loaded = { exports: {} as HookPath };
  // What the bundle imports dynamically (a hook module, the OpenTelemetry SDK) is imported here, natively.
  const importHere = (specifier: string) => import(specifier);
  begin.call(
    loaded.exports,
    loaded.exports,
    createRequire(compiled.file),
    loaded,
    compiled.file,
    dist,
    importHere,
  );
  return loaded.exports;
}

/**
 * Starts the call from the bundle beside this file; `false` (nothing run) when there is none to run, so the caller
 * imports the ES modules instead. `dist` is the folder of the bundle.
 */
export function runHookPath(dist: string, input?: string): boolean {
  let compiled: Compiled;
  let hookPath: HookPath;
  try {
    compiled = compile(dist);
    hookPath = start(compiled, dist);
  } catch {
    // No bundle, or one that does not start (a broken install): the call is left to the ES modules.
    return false;
  }
  const { callEntry, script } = compiled;
  const used = script.cachedDataRejected ? undefined : compiled.used;
  if (callEntry && used !== "call") {
    // After the answer: what ran is compiled by then, and goes into the cache with the rest. Serialising half a
    // megabyte of code costs a call ~10% of its time, so a call with no cached code at all that started the server
    // (which runs under the same flags unless this process was given its own) leaves the server to write the
    // bundle's top level; a later call that runs here replaces that with a whole call's code.
    process.once("exit", () => {
      const global = globalThis as { [SERVER_WRITES_CODE_CACHE]?: boolean };
      if (used === undefined && global[SERVER_WRITES_CODE_CACHE] && process.execArgv.length === 0) return;
      writeEntry(callEntry, script);
    });
  }
  hookPath.provideHostPackages(path.join(dist, "hook-path"));
  void hookPath.hookMain(input);
  return true;
}

/**
 * Writes the bundle's top level to the code cache when this user's cache has nothing for this bundle (what the server
 * does as it starts, for the call that started it): the top level is run, so the packages' code is in the cache too.
 * Nothing else of the bundle is started (no hook runs; its packages are not handed to hooks). Returns whether it
 * wrote one.
 */
export function writeHookPathCache(dist: string): boolean {
  try {
    const compiled = compile(dist);
    if (!compiled.topLevelEntry || (compiled.used && !compiled.script.cachedDataRejected)) return false;
    start(compiled, dist);
    writeEntry(compiled.topLevelEntry, compiled.script);
    return true;
  } catch {
    return false;
  }
}
