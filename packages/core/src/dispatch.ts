// Compiles one event's handlers, across hooks, into tapable bail hooks driven by the event's policy.
import { AsyncSeriesBailHook } from "tapable";
import type { HookContext } from "./context.js";
import { withDeadline } from "./deadline.js";
import { HookError } from "./errors.js";
import type { LoadedHook } from "./instantiate.js";
import type { Policy } from "./policies/policy.js";

/** One handler run, for hosts and tools that show what each hook did. */
export interface HookTrace {
  event: string;
  hookPath: string;
  /** What the handler returned (`undefined` for nothing). */
  result: unknown;
  error?: HookError;
  durationMs: number;
}

export interface DispatchOptions {
  /** Receives every non-fatal handler failure. */
  report(error: HookError): void;
  /** Milliseconds a handler may take before it counts as failed; 0 or undefined waits forever. */
  handlerTimeout?: number;
  /** True while the user is answering a dialog: handler clocks do not expire meanwhile. */
  paused?: () => boolean;
  /** Set only while someone listens: the uninstrumented path stays free of timing work. */
  trace?: (entry: HookTrace) => void;
}

export interface CompiledDispatch {
  readonly count: number;
  run(event: unknown, ctx: HookContext): Promise<unknown>;
}

/** Per-emit state: the policy's own fields, plus the index of the tap that ran last. */
interface RunState {
  event: unknown;
  at: number;
}

type Callback = (error: Error | null, result?: unknown) => void;
type CallbackTap = (state: RunState, ctx: HookContext, callback: Callback) => void;
type PromiseTap = (state: RunState, ctx: HookContext) => Promise<unknown>;
type Tap = { kind: "callback"; fn: CallbackTap } | { kind: "promise"; fn: PromiseTap };
type Call = (event: unknown, ctx: HookContext) => unknown;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as PromiseLike<unknown>).then === "function"
  );
}

/** Tapable tells failure from success by truthiness, so a falsy rejection reason needs a carrier. */
function failure(cause: unknown): Error {
  // Any truthy value is passed through as the cause; toHookError wraps what is not an Error.
  return (cause || new Error(`handler threw ${String(cause)}`)) as Error;
}

const AsyncFunction = (async () => {}).constructor;

/**
 * An async function returns a native promise and cannot throw synchronously, so its promise is
 * handed to tapable as it is. Any other handler gets a callback tap: a plain return value
 * continues the series synchronously (no promise, no microtask), a promise costs one `then`.
 */
function tapFor(call: Call, index: number): Tap {
  if (call instanceof AsyncFunction) {
    return {
      kind: "promise",
      fn: (state, ctx) => {
        state.at = index;
        return call(state.event, ctx) as Promise<unknown>;
      },
    };
  }
  return {
    kind: "callback",
    fn: (state, ctx, callback) => {
      state.at = index;
      let result: unknown;
      try {
        result = call(state.event, ctx);
      } catch (cause) {
        callback(failure(cause));
        return;
      }
      if (isThenable(result)) {
        // Adopted through Promise.resolve (no copy for a native promise): a hand-made thenable that
        // settles twice or throws from `then` cannot run the rest of the series twice.
        Promise.resolve(result).then(
          (value) => callback(null, value),
          (cause) => callback(failure(cause)),
        );
      } else {
        callback(null, result);
      }
    },
  };
}

// Tapable's own wording when a promise tap rejects with a falsy value.
const TAPABLE_FALSY_REJECTION = /^Tap function \(tapPromise\) rejects "(.*)" value$/s;

function toHookError(cause: unknown, hookPath: string, event: string): HookError {
  if (cause instanceof HookError && cause.hookPath === hookPath) return cause;
  const falsy = cause instanceof Error ? TAPABLE_FALSY_REJECTION.exec(cause.message) : null;
  if (falsy) return new HookError({ hookPath, event, message: `handler threw ${falsy[1]}` });
  return new HookError({ hookPath, event, cause });
}

function withTimeout(
  call: Call,
  options: { ms: number; paused?: () => boolean },
  hookPath: string,
  event: string,
): Call {
  const { ms, paused } = options;
  const timeout = () =>
    new HookError({
      code: "HOOK_TIMEOUT",
      hookPath,
      event,
      message: `handler did not settle within ${ms} ms`,
    });
  // A plain return value needs no clock: the sync fast path stays free of promises and timers.
  return (payload, ctx) => {
    const result = call(payload, ctx);
    return isThenable(result) ? withDeadline(() => result, { ms, timeout, paused }) : result;
  };
}

function withTrace(call: Call, trace: (entry: HookTrace) => void, hookPath: string, event: string): Call {
  return async (payload, ctx) => {
    const started = performance.now();
    try {
      const result = await call(payload, ctx);
      trace({ event, hookPath, result, durationMs: performance.now() - started });
      return result;
    } catch (cause) {
      const error = toHookError(cause, hookPath, event);
      trace({ event, hookPath, result: undefined, error, durationMs: performance.now() - started });
      throw error;
    }
  };
}

/**
 * A run of handlers that return nothing costs what tapable costs. A handler that returns a
 * result or fails bails out of the tapable hook; the policy folds the result (or the error is
 * reported) and the run resumes from the next tap through a hook compiled for that suffix,
 * built once and reused.
 */
export function compileDispatch(
  hooks: readonly LoadedHook[],
  event: string,
  policy: Policy<RunState>,
  options: DispatchOptions,
): CompiledDispatch {
  const taps: Array<{ hookPath: string; tap: Tap }> = [];
  for (const hook of hooks) {
    const hookPath = hook.path;
    for (const handler of hook.handlers.get(event) ?? []) {
      let call = handler as Call;
      if (options.handlerTimeout) {
        const timing = { ms: options.handlerTimeout, paused: options.paused };
        call = withTimeout(call, timing, hookPath, event);
      }
      if (options.trace) call = withTrace(call, options.trace, hookPath, event);
      const index = taps.length;
      taps.push({ hookPath, tap: tapFor(call, index) });
    }
  }

  const count = taps.length;
  const suffixes: Array<AsyncSeriesBailHook<[RunState, HookContext], unknown> | undefined> = [];
  const suffix = (from: number) => {
    let hook = suffixes[from];
    if (!hook) {
      hook = new AsyncSeriesBailHook<[RunState, HookContext], unknown>(["state", "ctx"]);
      for (const { hookPath, tap } of taps.slice(from)) {
        if (tap.kind === "promise") hook.tapPromise({ name: hookPath }, tap.fn);
        else hook.tapAsync({ name: hookPath }, tap.fn);
      }
      suffixes[from] = hook;
    }
    return hook;
  };

  /** Folds what stopped the tapable run; returns the tap to resume from, or -1 when the emit is done. */
  const settle = (state: RunState, error: unknown, result: unknown): number => {
    if (error) {
      const hookError = toHookError(error, taps[state.at]!.hookPath, event);
      if (policy.propagateErrors) throw hookError;
      options.report(hookError);
      return state.at + 1;
    }
    if (result === undefined) return -1;
    const { hookPath } = taps[state.at]!;
    if (result !== null && policy.expectsResult) {
      if (typeof result !== "object" || Array.isArray(result)) {
        const kind = Array.isArray(result) ? "array" : typeof result;
        const message = `handler returned ${kind}; expected an object or nothing. The result was ignored.`;
        options.report(new HookError({ code: "HOOK_INVALID_RESULT", hookPath, event, message }));
      } else if (
        policy.fold(state, result, hookPath, (message) =>
          options.report(
            new HookError({
              code: "HOOK_INVALID_RESULT",
              hookPath,
              event,
              message: `handler ${message} The result was ignored.`,
            }),
          ),
        )
      ) {
        return -1;
      }
    }
    return state.at + 1;
  };

  return {
    count,
    run(payload, ctx) {
      const state = policy.start(payload);
      state.at = -1;
      if (count === 0) return Promise.resolve(policy.finish(state));
      return new Promise((resolve, reject) => {
        const step = (from: number) => {
          suffix(from).callAsync(state, ctx, (error, result) => {
            let next: number;
            try {
              next = settle(state, error, result);
              if (next === -1 || next >= count) {
                resolve(policy.finish(state));
                return;
              }
            } catch (failure) {
              reject(failure);
              return;
            }
            step(next);
          });
        };
        step(0);
      });
    },
  };
}
