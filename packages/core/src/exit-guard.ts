// While a runner holds hooks, `process.exit` called from their code throws that hook's HookError instead of ending the host.
import path from "node:path";
import { HookwireError } from "./errors.js";
import { stackFiles } from "./stack-files.js";

type Exit = (code?: number | string | null) => never;

interface ExitRegistry {
  /** Per holder (a runner, a factory being run): hook file (or a folder module's folder, ending in `/`) → hook path. */
  holders: Set<ReadonlyMap<string, string>>;
  original?: { exit: Exit; reallyExit: Exit | undefined };
}

// On globalThis: two copies of @hookwire/core in one process patch `process.exit` once and share the holders.
const KEY = Symbol.for("hookwire.exitGuard");
const shared = globalThis as Record<symbol, ExitRegistry | undefined>;
shared[KEY] ??= { holders: new Set() };
const registry = shared[KEY];

type Internal = NodeJS.Process & { reallyExit?: Exit };

/** The hook whose code is on the stack of this call (its own frames, or an `await` in it), if any. */
function callerHook(): string | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  const probe = new Error("process.exit");
  Error.stackTraceLimit = limit;
  for (const file of stackFiles(probe)) {
    for (const files of registry.holders) {
      const exact = files.get(file);
      if (exact) return exact;
      for (const [name, hookPath] of files)
        if (name.endsWith(path.sep) && file.startsWith(name)) return hookPath;
    }
  }
  return undefined;
}

function guarded(original: Exit, name: string): Exit {
  return function exit(code?: number | string | null): never {
    const hookPath = callerHook();
    if (hookPath === undefined) return original.call(process, code);
    // The runner turns it into the HookError of the hook and event that were running (`HOOK_EXIT` kept).
    throw new HookwireError(
      "HOOK_EXIT",
      `called ${name}(${code === undefined ? "" : String(code)}), which would end the host; it was stopped. ` +
        "A hook returns { block: true, reason } to stop a tool call, or throws to report a failure.",
    );
  };
}

/**
 * Holds `files`' hooks to the exit guard until the returned release is called: while any holder is active,
 * `process.exit` (and Node's internal `process.reallyExit`) called with a frame of one of these files on the stack
 * — the hook's own code, or code it awaits — throws a `HOOK_EXIT` error, which the runner reports as that hook's
 * HookError on the event it was handling (a tool_call handler's failure blocks the call); the host keeps running.
 * Any other caller exits as before.
 */
export function holdExits(files: ReadonlyMap<string, string>): () => void {
  if (files.size === 0) return () => {};
  const proc = process as Internal;
  if (!registry.original) {
    registry.original = { exit: proc.exit as Exit, reallyExit: proc.reallyExit };
    proc.exit = guarded(registry.original.exit, "process.exit");
    if (registry.original.reallyExit)
      proc.reallyExit = guarded(registry.original.reallyExit, "process.reallyExit");
  }
  registry.holders.add(files);
  return () => {
    if (!registry.holders.delete(files) || registry.holders.size > 0 || !registry.original) return;
    proc.exit = registry.original.exit;
    if (registry.original.reallyExit) proc.reallyExit = registry.original.reallyExit;
    registry.original = undefined;
  };
}
