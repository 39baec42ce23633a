// The garbage of the server's start (the modules it loaded, the hook path's code cache it wrote), collected at once
// while no call waits. Left to V8, a full collection fell into the server's first call: a session's first tool call,
// ~50 ms of which 23 were a mark-compact (BENCHMARKS.md, issue 38); collected here, that call took ~35 ms.
import v8 from "node:v8";
import vm from "node:vm";

/**
 * Runs one full collection now. Node exposes no collector without `--expose-gc`, which would also key the hook path's
 * code cache this server writes (hook-path-run.ts) apart from the calls': the flag is set for one new context's `gc`
 * and cleared again, after that cache was written. Nothing happens where this Node will not hand one out.
 */
export function collectStartGarbage(): boolean {
  let gc: unknown;
  try {
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc");
  } catch {
    return false;
  } finally {
    v8.setFlagsFromString("--no-expose-gc");
  }
  if (typeof gc !== "function") return false;
  gc();
  return true;
}
