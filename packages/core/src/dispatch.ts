// Compiles one event's handlers, across hooks, into tapable bail hooks driven by the event's policy.
/// <reference path="./tapable-sync-bail-hook.d.ts" />
import type { SyncBailHook } from "tapable";
// The runner's engine. Only its SyncBailHook is used, from that class's own file (3 of tapable's files where its
// index loads 15); the build bundles them into core's dist (`--inline tapable`): required from node_modules, they
// were the process's first CommonJS load, ~5 ms of a host's first emit.
import tapableSyncBailHook from "tapable/lib/SyncBailHook.js";
import type { HookContext } from "./context.js";
import { HookError, isHookwireError } from "./errors.js";
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
  /** The emit from which the dispatcher runs a driver copy of its own (default `OWN_DRIVER_AFTER`; 1: the first). */
  ownDriverAfter?: number;
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
  // A stopped process.exit keeps its code, so hosts can tell it from an ordinary throw.
  if (isHookwireError(cause) && cause.code === "HOOK_EXIT")
    return new HookError({ code: "HOOK_EXIT", hookPath, event, cause, message: cause.message });
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

/** What one dispatcher's driver is built from; everything it uses comes in here (see `freshDriver`). */
interface DriverInput {
  readonly event: string;
  readonly policy: Policy<RunState>;
  readonly options: DispatchOptions;
  readonly calls: readonly Call[];
  readonly paths: readonly string[];
  /** Per call: it is an `async function`, so it always returns a promise (always bails). */
  readonly alwaysBails: readonly boolean[];
  /** The name of the hooks' third argument, this dispatcher's own (see `freshDriver`). */
  readonly stateArg: string;
  readonly SyncBailHook: typeof SyncBailHook;
  readonly HookError: typeof HookError;
  readonly clockFor: typeof clockFor;
  readonly isThenable: typeof isThenable;
  readonly failure: typeof failure;
  readonly toHookError: typeof toHookError;
}

/**
 * The driver of one dispatcher. The handlers run as the taps of a tapable `SyncBailHook`: a run of
 * handlers that return nothing is one straight call of tapable's generated code (no promise, closure or
 * microtask per handler). A handler that returns something bails out of it: a plain result is folded by
 * the policy (an error is reported or propagated) and the run goes on from the next tap through a hook
 * compiled for the taps from there, built once and reused; a thenable is awaited (against the process's
 * handler clock for the limit) and the run goes on the same way when it settles.
 *
 * Self-contained (it refers only to its input and globals): each dispatcher runs its own copy of this
 * code, so the call sites in it learn only that dispatcher's handlers.
 */
function createDriver(input: DriverInput): CompiledDispatch {
  const { event, policy, options, calls, paths, alwaysBails, HookError, isThenable, failure, toHookError } =
    input;
  const count = calls.length;
  const taps = calls.map((call, index) => (payload: unknown, ctx: HookContext, state: RunState) => {
    state.at = index;
    return call(payload, ctx);
  });
  const ms = options.handlerTimeout;
  const limited = ms !== undefined && ms > 0 && Number.isFinite(ms);
  // Made when a handler first returns a thenable: most dispatchers never wait.
  let clock: HandlerClock | undefined;

  // The hook that resumes at tap `from` holds the taps up to the first one that always bails (an async
  // function) and ends there: a run of async handlers calls small hooks V8 optimises, not ever-longer
  // suffixes of which only the first tap runs. `ends[from]` is the tap after the hook's last one.
  const segments: Array<SyncBailHook<[unknown, HookContext, RunState], unknown> | undefined> = [];
  const ends: number[] = [];
  const segment = (from: number) => {
    let hook = segments[from];
    if (!hook) {
      hook = new input.SyncBailHook<[unknown, HookContext, RunState], unknown>([
        "event",
        "ctx",
        input.stateArg,
      ]);
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

  /** Runs the taps from `from` on, synchronously: the thenable a handler returned, or undefined when done. */
  const advance = (state: RunState, ctx: HookContext, from: number): PromiseLike<unknown> | undefined => {
    while (from < count) {
      let result: unknown;
      if (alwaysBails[from]) {
        // An async function is a bail point of its own: called directly, not through a one-tap hook.
        state.at = from;
        try {
          result = calls[from]!(state.event, ctx);
        } catch (cause) {
          from = settleError(state, cause);
          continue;
        }
      } else {
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
      }
      if (isThenable(result)) return result;
      from = settleResult(state, result);
    }
    return undefined;
  };

  const { paused } = options;

  /**
   * An emit that waits for a handler's thenable; made only when a handler returns one, and the clock's
   * list entry for the rest of the emit. Its two settle callbacks are made once per emit, not per handler:
   * a handler that timed out is abandoned with this object (`dead`) and the emit goes on in a fresh one,
   * so a late settlement is dropped.
   */
  class Wait implements Waiter {
    tick = 0;
    prev: Waiter | undefined = undefined;
    next: Waiter | undefined = undefined;
    dead = false;
    readonly onValue = (value: unknown) => {
      if (!this.dead) this.resume(value, undefined, false);
    };
    readonly onError = (cause: unknown) => {
      if (!this.dead) this.resume(undefined, cause, true);
    };
    constructor(
      readonly state: RunState,
      readonly ctx: HookContext,
      readonly resolve: (outcome: unknown) => void,
      readonly reject: (error: unknown) => void,
    ) {}

    paused(): boolean {
      return paused?.() ?? false;
    }

    wait(pending: PromiseLike<unknown>): void {
      if (clock) this.tick = clock.tick;
      // Adopted through Promise.resolve (no copy for a native promise): a hand-made thenable that
      // settles twice or throws from `then` cannot run the rest of the series twice.
      Promise.resolve(pending).then(this.onValue, this.onError);
    }

    resume(value: unknown, cause: unknown, failed: boolean): void {
      const { state } = this;
      try {
        const pending = advance(
          state,
          this.ctx,
          failed ? settleError(state, cause) : settleResult(state, value),
        );
        if (pending !== undefined) {
          this.wait(pending);
          return;
        }
        clock?.remove(this);
        this.resolve(policy.finish(state));
      } catch (error) {
        clock?.remove(this);
        this.reject(error);
      }
    }

    expire(): void {
      this.dead = true;
      const { state } = this;
      const error = new HookError({
        code: "HOOK_TIMEOUT",
        hookPath: paths[state.at]!,
        event,
        message: `handler did not settle within ${ms} ms`,
      });
      const run = new Wait(state, this.ctx, this.resolve, this.reject);
      clock?.add(run);
      run.resume(undefined, error, true);
    }
  }

  // The emit that is about to wait, handed to the promise's executor (one function for every emit).
  let waitingState: RunState | undefined;
  let waitingCtx: HookContext | undefined;
  let started: Wait | undefined;
  const startWaiting = (resolve: (outcome: unknown) => void, reject: (error: unknown) => void) => {
    started = new Wait(waitingState!, waitingCtx!, resolve, reject);
    waitingState = waitingCtx = undefined;
  };

  return {
    count,
    run(payload, ctx) {
      const state = policy.start(payload);
      state.at = -1;
      let pending: PromiseLike<unknown> | undefined;
      try {
        pending = count === 0 ? undefined : advance(state, ctx, 0);
        if (pending === undefined) return Promise.resolve(policy.finish(state));
      } catch (error) {
        return Promise.reject(error);
      }
      if (limited) clock ??= input.clockFor(ms);
      waitingState = state;
      waitingCtx = ctx;
      const promise = new Promise(startWaiting);
      const run = started!;
      started = undefined;
      clock?.add(run);
      run.wait(pending);
      return promise;
    },
  };
}

let driverSource: string | undefined;
let copies = 0;

/**
 * A copy of `createDriver` of its own. V8 keeps type feedback per function (and caches `new Function` by
 * its text, feedback included): with one shared driver, every dispatcher in the process fed the same call
 * sites, which saw every handler of every event and ran megamorphic. Each copy's text differs by a comment,
 * and its tapable hooks by the name of their third argument.
 */
function freshDriver(): { create: typeof createDriver; stateArg: string } {
  driverSource ??= `"use strict";\nreturn (${createDriver.toString()});`;
  const id = ++copies;
  const create = new Function(`// hookwire dispatcher ${id}\n${driverSource}`)() as typeof createDriver;
  return { create, stateArg: `state_${id}` };
}

/**
 * The emit from which a dispatcher runs a driver copy of its own. A copy costs ~0.2–0.7 ms (compiling the
 * driver and its tapable hooks from new text): a dispatcher run once or twice (session_start, a short-lived
 * runner) keeps the shared driver; one a host calls in a loop (tool_call, context) pays that once.
 */
export const OWN_DRIVER_AFTER = 256;

/** The dispatcher of one event: its handlers across hooks in order, folded by the event's policy. */
export function compileDispatch(
  hooks: readonly LoadedHook[],
  event: string,
  policy: Policy<RunState>,
  options: DispatchOptions,
): CompiledDispatch {
  const calls: Call[] = [];
  const paths: string[] = [];
  const alwaysBails: boolean[] = [];
  for (const hook of hooks) {
    for (const handler of hook.handlers.get(event) ?? []) {
      let call = handler as Call;
      if (options.trace) call = withTrace(call, options.trace, hook.path, event);
      calls.push(call);
      paths.push(hook.path);
      alwaysBails.push(call instanceof AsyncFunction);
    }
  }
  const input: DriverInput = {
    event,
    policy,
    options,
    calls,
    paths,
    alwaysBails,
    stateArg: "state",
    SyncBailHook: tapableSyncBailHook,
    HookError,
    clockFor,
    isThenable,
    failure,
    toHookError,
  };
  const shared = createDriver(input);
  const after = options.ownDriverAfter ?? OWN_DRIVER_AFTER;
  let runs = 0;
  // Emits under way keep the driver they started with; the next ones call the copy directly.
  const dispatch: { count: number; run: CompiledDispatch["run"] } = {
    count: shared.count,
    run(payload, ctx) {
      if (++runs !== after) return shared.run(payload, ctx);
      const { create, stateArg } = freshDriver();
      dispatch.run = create({ ...input, stateArg }).run;
      return dispatch.run(payload, ctx);
    },
  };
  return dispatch;
}
