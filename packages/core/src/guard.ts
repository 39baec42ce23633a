// The opt-in process guard: a stray exception or rejection whose stack points into a hook becomes that hook's HookError.
import { realpathSync } from "node:fs";
import path from "node:path";
import { HookError } from "./errors.js";
import type { LoadedHook } from "./instantiate.js";
import { stackFiles } from "./stack-files.js";

/** One guarded runner: which files are its hooks', and where their errors go. */
interface GuardEntry {
  /** Hook file (or a folder module's folder, ending in a separator) → hook path. */
  files(): Map<string, string>;
  report(hookPath: string, origin: string, cause: unknown): void;
}

interface Registry {
  entries: Set<GuardEntry>;
  listener: ((error: unknown, origin: string) => void) | undefined;
}

// On globalThis: two copies of @hookwire/core in one process share one listener, so neither
// mistakes the other's for a host listener that handles what it does not know.
const KEY = Symbol.for("hookwire.processGuard");
const shared = globalThis as Record<symbol, Registry | undefined>;
shared[KEY] ??= { entries: new Set(), listener: undefined };
const registry = shared[KEY];

/** Each hook module's file (and its real path; a folder module's folder) → its hook path: what a stack frame names. */
export function hookFiles(hooks: readonly LoadedHook[]): Map<string, string> {
  const files = new Map<string, string>();
  const add = (file: string, hookPath: string) => {
    if (!files.has(file)) files.set(file, hookPath);
  };
  for (const hook of hooks) {
    if (hook.source.kind !== "module" && hook.source.kind !== "inline") continue;
    const names = [hook.resolvedPath];
    try {
      names.push(realpathSync(hook.resolvedPath));
    } catch {
      // Inline hooks have no file; stacks cannot point into them.
    }
    for (const name of names) {
      add(name, hook.path);
      // A folder module (`audit/index.ts`) owns its folder: its helpers are part of the hook.
      if (/^index\.[cm]?[jt]s$/.test(path.basename(name))) add(path.dirname(name) + path.sep, hook.path);
    }
  }
  return files;
}

function attribute(error: unknown): { entry: GuardEntry; hookPath: string } | undefined {
  const frames = stackFiles(error);
  if (frames.length === 0) return undefined;
  for (const file of frames) {
    for (const entry of registry.entries) {
      const files = entry.files();
      const exact = files.get(file);
      if (exact) return { entry, hookPath: exact };
      for (const [name, hookPath] of files) {
        if (name.endsWith(path.sep) && file.startsWith(name)) return { entry, hookPath };
      }
    }
  }
  return undefined;
}

/**
 * The hook the process guard reports `error` as (its `hookPath`), or undefined when no guard is
 * installed or the stack points into no guarded hook. A host with its own `uncaughtException`
 * listener calls it to leave those errors to the guard.
 */
export function guardedHookOf(error: unknown): string | undefined {
  return attribute(error)?.hookPath;
}

function onUncaught(error: unknown, origin: string): void {
  const found = attribute(error);
  if (found) {
    found.entry.report(found.hookPath, origin, error);
    return;
  }
  // Not a hook's: a host listener decides, and without one the process ends as it would have.
  const listener = registry.listener;
  if (listener && process.listenerCount("uncaughtException") > 1) return;
  if (listener) process.off("uncaughtException", listener);
  registry.listener = undefined;
  process.nextTick(() => {
    throw error;
  });
}

function install(entry: GuardEntry): () => void {
  registry.entries.add(entry);
  if (!registry.listener) {
    registry.listener = onUncaught;
    process.on("uncaughtException", onUncaught);
  }
  return () => {
    if (!registry.entries.delete(entry) || registry.entries.size > 0) return;
    if (registry.listener) process.off("uncaughtException", registry.listener);
    registry.listener = undefined;
  };
}

/**
 * Guard the process for these hooks: an `uncaughtException`, or an `unhandledRejection` that Node
 * would raise as one, whose stack has a frame in a hook module is reported through `report` as a
 * `HOOK_UNCAUGHT` HookError of that hook, and the process keeps running. Anything else ends the
 * process as before, unless the host listens for `uncaughtException` itself. Returns the undo.
 */
export function guardProcess(hooks: readonly LoadedHook[], report: (error: HookError) => void): () => void {
  let files: Map<string, string> | undefined;
  return install({
    // Built on the first stray error, not at install: the guard costs nothing until it is needed.
    files: () => {
      files ??= hookFiles(hooks);
      return files;
    },
    report: (hookPath, origin, cause) =>
      report(
        new HookError({
          code: "HOOK_UNCAUGHT",
          hookPath,
          event: origin,
          message: `${origin === "unhandledRejection" ? "unhandled rejection" : "uncaught exception"} outside any handler: ${cause instanceof Error ? cause.message : String(cause)}. The host kept running.`,
          cause,
        }),
      ),
  });
}
