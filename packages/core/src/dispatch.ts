// Compiles one event's handlers, across hooks, into tapable bail hooks driven by the event's policy.
import { SyncBailHook } from "tapable";
import type { HookContext } from "./context.js";
import { HookError } from "./errors.js";
import { clockFor, type HandlerClock, type Waiter } from "./handler-clock.js";
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

type Call = (event: unknown, ctx: HookContext) => unknown;
const AsyncFunction = (async () => {}).constructor;

type Tap = (event: unknown, ctx: HookContext, state: RunState) => unknown;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as PromiseLike<unknown>).then === "function"
  );
}

/** A falsy throw or rejection reason still needs to read as a failure. */
function failure(cause: unknown): unknown {
  // Any truthy value is passed through as the cause; toHookError wraps what is not an Error.
  return cause || new Error(`handler threw ${String(cause)}`);
}

function toHookError(cause: unknown, hookPath: string, event: string): HookError {
  if (cause instanceof HookError && cause.hookPath === hookPath) return cause;
  return new HookError({ hookPath, event, cause });
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

/** What `advance` returns when the emit is done (every tap ran, or a result stopped the series). */
const DONE = Symbol("done");

/** What a waiting emit needs from its dispatcher. */
interface Driver {
  clock(): HandlerClock | undefined;
  paused(): boolean;
  advance(state: RunState, ctx: HookContext, from: number): PromiseLike<unknown> | typeof DONE;
  settleError(state: RunState, cause: unknown): number;
  settleResult(state: RunState, result: unknown): number;
  finish(state: RunState): unknown;
  timeout(state: RunState): HookError;
}

/**
 * An emit that is waiting for a handler's thenable; made only when a handler returns one. Its two
 * settle callbacks are made once per emit, not per handler: a handler that timed out is abandoned
 * with this object (`dead`), and the emit goes on in a fresh one, so a late settlement is dropped.
 */
class PendingRun implements Waiter {
  tick = 0;
  prev: Waiter | undefined;
  next: Waiter | undefined;
  dead = false;
  readonly clock: HandlerClock | undefined;
  readonly onValue = (value: unknown) => {
    if (!this.dead) this.resume(value, undefined, false);
  };
  readonly onError = (cause: unknown) => {
    if (!this.dead) this.resume(undefined, cause, true);
  };

  constructor(
    readonly driver: Driver,
    readonly state: RunState,
    readonly ctx: HookContext,
    readonly resolve: (outcome: unknown) => void,
    readonly reject: (error: unknown) => void,
  ) {
    this.clock = driver.clock();
  }

  /** Joins the clock, for the emit's first wait (and again after a timeout). */
  start(pending: PromiseLike<unknown>): void {
    this.clock?.add(this);
    this.wait(pending);
  }

  wait(pending: PromiseLike<unknown>): void {
    if (this.clock) this.tick = this.clock.tick;
    // Adopted through Promise.resolve (no copy for a native promise): a hand-made thenable that
    // settles twice or throws from `then` cannot run the rest of the series twice.
    Promise.resolve(pending).then(this.onValue, this.onError);
  }

  paused(): boolean {
    return this.driver.paused();
  }

  expire(): void {
    this.dead = true;
    const run = new PendingRun(this.driver, this.state, this.ctx, this.resolve, this.reject);
    run.clock?.add(run);
    run.resume(undefined, this.driver.timeout(this.state), true);
  }

  resume(value: unknown, cause: unknown, failed: boolean): void {
    const { state, driver } = this;
    try {
      const next = failed ? driver.settleError(state, cause) : driver.settleResult(state, value);
      const pending = driver.advance(state, this.ctx, next);
      if (pending !== DONE) {
        this.wait(pending);
        return;
      }
      this.clock?.remove(this);
      this.resolve(driver.finish(state));
    } catch (error) {
      this.clock?.remove(this);
      this.reject(error);
    }
  }
}

/**
 * The handlers run as the taps of a tapable `SyncBailHook`, compiled once per handler set: a run of
 * handlers that return nothing is one straight call of tapable's generated code (no promise, closure or
 * microtask per handler). A handler that returns something bails out of it: a plain result is folded by
 * the policy (an error is reported or propagated) and the run goes on from the next tap through a hook
 * compiled for the taps from there, built once and reused; a thenable is awaited (against the runner's one
 * handler clock) and the run goes on the same way when it settles.
 */
export function compileDispatch(
  hooks: readonly LoadedHook[],
  event: string,
  policy: Policy<RunState>,
  options: DispatchOptions,
): CompiledDispatch {
  const paths: string[] = [];
  const taps: Tap[] = [];
  /** Taps whose function is an `async function`: they always return a promise, so always bail. */
  const alwaysBails: boolean[] = [];
  for (const hook of hooks) {
    const hookPath = hook.path;
    for (const handler of hook.handlers.get(event) ?? []) {
      let call = handler as Call;
      if (options.trace) call = withTrace(call, options.trace, hookPath, event);
      const index = taps.length;
      paths.push(hookPath);
      alwaysBails.push(call instanceof AsyncFunction);
      taps.push((payload, ctx, state) => {
        state.at = index;
        return call(payload, ctx);
      });
    }
  }
  const count = taps.length;
  const ms = options.handlerTimeout;
  // Made when a handler first returns a thenable: most dispatchers never wait.
  let clock: HandlerClock | undefined;
  const limited = ms !== undefined && ms > 0 && Number.isFinite(ms);

  // The hook that resumes at tap `from` holds the taps up to the first one that always bails (an async
  // function) and ends there: a run of async handlers calls small hooks V8 optimises, not ever-longer
  // suffixes of which only the first tap runs. `ends[from]` is the tap after the hook's last one.
  const segments: Array<SyncBailHook<[unknown, HookContext, RunState], unknown> | undefined> = [];
  const ends: number[] = [];
  const segment = (from: number) => {
    let hook = segments[from];
    if (!hook) {
      hook = new SyncBailHook<[unknown, HookContext, RunState], unknown>(["event", "ctx", "state"]);
      let i = from;
      while (i < count) {
        hook.tap({ name: paths[i]! }, taps[i]!);
        if (alwaysBails[i++]) break;
      }
      segments[from] = hook;
      ends[from] = i;
    }
    return hook;
  };

  /** A failed handler: reported (the run goes on) or thrown to the emitter. Returns the next tap. */
  const settleError = (state: RunState, cause: unknown): number => {
    const hookError = toHookError(failure(cause), paths[state.at]!, event);
    if (policy.propagateErrors) throw hookError;
    options.report(hookError);
    return state.at + 1;
  };

  /** Folds a handler's result; returns the next tap, or `count` when the policy stopped the series. */
  const settleResult = (state: RunState, result: unknown): number => {
    if (result === undefined || result === null || !policy.expectsResult) return state.at + 1;
    const hookPath = paths[state.at]!;
    if (typeof result !== "object" || Array.isArray(result)) {
      const kind = Array.isArray(result) ? "array" : typeof result;
      const message = `handler returned ${kind}; expected an object or nothing. The result was ignored.`;
      options.report(new HookError({ code: "HOOK_INVALID_RESULT", hookPath, event, message }));
      return state.at + 1;
    }
    const stop = policy.fold(state, result, hookPath, (message) =>
      options.report(
        new HookError({
          code: "HOOK_INVALID_RESULT",
          hookPath,
          event,
          message: `handler ${message} The result was ignored.`,
        }),
      ),
    );
    return stop ? count : state.at + 1;
  };

  /** Runs the taps from `from` on, synchronously, until done or a handler returns a thenable. */
  const advance = (state: RunState, ctx: HookContext, from: number): PromiseLike<unknown> | typeof DONE => {
    while (from < count) {
      let result: unknown;
      try {
        result = segment(from).call(state.event, ctx, state);
      } catch (cause) {
        from = settleError(state, cause);
        continue;
      }
      if (result === undefined) {
        from = ends[from]!;
        continue;
      }
      if (isThenable(result)) return result;
      from = settleResult(state, result);
    }
    return DONE;
  };

  const { paused } = options;
  const driver: Driver = {
    clock: () => clock,
    paused: () => paused?.() ?? false,
    advance,
    settleError,
    settleResult,
    finish: (state) => policy.finish(state),
    timeout: (state) =>
      new HookError({
        code: "HOOK_TIMEOUT",
        hookPath: paths[state.at]!,
        event,
        message: `handler did not settle within ${ms} ms`,
      }),
  };

  return {
    count,
    run(payload, ctx) {
      const state = policy.start(payload);
      state.at = -1;
      let pending: PromiseLike<unknown> | typeof DONE;
      try {
        pending = count === 0 ? DONE : advance(state, ctx, 0);
        if (pending === DONE) return Promise.resolve(policy.finish(state));
      } catch (error) {
        return Promise.reject(error);
      }
      const thenable = pending;
      if (limited) clock ??= clockFor(ms);
      return new Promise((resolve, reject) =>
        new PendingRun(driver, state, ctx, resolve, reject).start(thenable),
      );
    },
  };
}
