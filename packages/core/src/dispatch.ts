// Compiles one event's handlers, across hooks, into tapable bail hooks driven by the event's policy.
import { AsyncSeriesBailHook } from "tapable";
import type { HookContext } from "./context.js";
import { HookError } from "./errors.js";
import type { HookEventName } from "./events.js";
import type { LoadedHook } from "./instantiate.js";
import type { Policy } from "./policies/policy.js";

/** One handler run, for hosts and tools that show what each hook did. */
export interface HookTrace {
  event: HookEventName;
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

// Tapable only calls `then` on what a tap returns, so thenables are passed through as they are.
type Tap = (state: RunState, ctx: HookContext) => Promise<unknown>;
type Call = (event: unknown, ctx: HookContext) => unknown;

const RESOLVED = Promise.resolve(undefined);

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as PromiseLike<unknown>).then === "function"
  );
}

const AsyncFunction = (async () => {}).constructor;

function isAsyncFunction(fn: Call): boolean {
  return fn instanceof AsyncFunction;
}

/** An async function always returns a native promise and cannot throw synchronously. */
function asyncTap(call: Call, index: number): Tap {
  return (state, ctx) => {
    state.at = index;
    return call(state.event, ctx) as Promise<unknown>;
  };
}

function anyTap(call: Call, index: number): Tap {
  return (state, ctx) => {
    state.at = index;
    let result: unknown;
    try {
      result = call(state.event, ctx);
    } catch (cause) {
      // A synchronous throw must become a rejection: tapable does not catch inside its chain.
      return Promise.reject(cause);
    }
    if (result instanceof Promise) return result;
    if (isThenable(result)) return result as Promise<unknown>;
    return result === undefined ? RESOLVED : Promise.resolve(result);
  };
}

function toHookError(cause: unknown, hookPath: string, event: HookEventName): HookError {
  return cause instanceof HookError && cause.hookPath === hookPath
    ? cause
    : new HookError({ hookPath, event, cause });
}

function withTimeout(call: Call, ms: number, hookPath: string, event: HookEventName): Call {
  return (payload, ctx) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const message = `handler did not settle within ${ms} ms`;
        reject(new HookError({ code: "HOOK_TIMEOUT", hookPath, event, message }));
      }, ms);
    });
    return Promise.race([Promise.resolve().then(() => call(payload, ctx)), timeout]).finally(() =>
      clearTimeout(timer),
    );
  };
}

function withTrace(
  call: Call,
  trace: (entry: HookTrace) => void,
  hookPath: string,
  event: HookEventName,
): Call {
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
 * Taps return the handler's own promise, so a run of handlers that return nothing costs what
 * tapable costs. A handler that returns a result or fails bails out of the tapable hook; the
 * policy folds the result (or the error is reported) and the run resumes from the next tap
 * through a hook compiled for that suffix, built once and reused.
 */
export function compileDispatch(
  hooks: readonly LoadedHook[],
  event: HookEventName,
  policy: Policy<RunState>,
  options: DispatchOptions,
): CompiledDispatch {
  const taps: Array<{ hookPath: string; fn: Tap }> = [];
  for (const hook of hooks) {
    const hookPath = hook.path;
    for (const handler of hook.handlers.get(event) ?? []) {
      let call = handler as Call;
      if (options.handlerTimeout) call = withTimeout(call, options.handlerTimeout, hookPath, event);
      if (options.trace) call = withTrace(call, options.trace, hookPath, event);
      const index = taps.length;
      taps.push({ hookPath, fn: isAsyncFunction(call) ? asyncTap(call, index) : anyTap(call, index) });
    }
  }

  const count = taps.length;
  const suffixes: Array<AsyncSeriesBailHook<[RunState, HookContext], unknown> | undefined> = [];
  const suffix = (from: number) => {
    let hook = suffixes[from];
    if (!hook) {
      hook = new AsyncSeriesBailHook<[RunState, HookContext], unknown>(["state", "ctx"]);
      for (const tap of taps.slice(from)) hook.tapPromise({ name: tap.hookPath }, tap.fn);
      suffixes[from] = hook;
    }
    return hook;
  };

  return {
    count,
    async run(payload, ctx) {
      const state = policy.start(payload);
      state.at = -1;
      let from = 0;
      while (from < count) {
        let result: unknown;
        try {
          result = await suffix(from).promise(state, ctx);
        } catch (cause) {
          const error = toHookError(cause, taps[state.at]!.hookPath, event);
          if (policy.propagateErrors) throw error;
          options.report(error);
          from = state.at + 1;
          continue;
        }
        if (result === undefined) break;
        const { hookPath } = taps[state.at]!;
        from = state.at + 1;
        if (result === null || !policy.expectsResult) continue;
        if (typeof result !== "object" || Array.isArray(result)) {
          const kind = Array.isArray(result) ? "array" : typeof result;
          const message = `handler returned ${kind}; expected an object or nothing. The result was ignored.`;
          options.report(new HookError({ code: "HOOK_INVALID_RESULT", hookPath, event, message }));
          continue;
        }
        if (policy.fold(state, result, hookPath)) break;
      }
      return policy.finish(state);
    },
  };
}
