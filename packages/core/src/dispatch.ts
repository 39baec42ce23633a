// One event's dispatcher: its handlers across hooks, called in order by a plain loop, their results folded by the event's policy.
import { type CallScope, callScope, inCallScope } from "./call-host.js";
import { nowMs } from "./clock.js";
import type { HookContext } from "./context.js";
import { HookError, isHookwireError } from "./errors.js";
import { clockFor, type HandlerClock, type Waiter } from "./handler-clock.js";
import type { LoadedHook } from "./instantiate.js";
import { combineAnswers } from "./policies/combine.js";
import type { Policy } from "./policies/policy.js";
import { type Answers, answersSeveral, type SeveralAnswersHandler } from "./several-answers.js";
import type { DialogCounter } from "./ui-dialogs.js";

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
  /**
   * The dialogs of the calls of `scope` (an emit's, kept when its handler first returned a thenable): while any
   * is open the emit's handler clock does not expire. Another call's dialogs do not stop it.
   */
  dialogs?: (scope: CallScope) => DialogCounter;
  /** Set only while someone listens: the uninstrumented path stays free of timing work. */
  trace?: (entry: HookTrace) => void;
}

export interface CompiledDispatch {
  readonly count: number;
  run(event: unknown, ctx: HookContext): Promise<unknown>;
}

type Call = (event: unknown, ctx: HookContext) => unknown;
type SeveralCall = SeveralAnswersHandler<unknown, object>;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as PromiseLike<unknown>).then === "function"
  );
}

function toHookError(cause: unknown, hookPath: string, event: string): HookError {
  // A falsy throw or rejection reason still reads as a failure: an Error saying what was thrown stands for it.
  const thrown = cause || new Error(`handler threw ${String(cause)}`);
  if (thrown instanceof HookError && thrown.hookPath === hookPath) return thrown;
  // A stopped process.exit keeps its code, so hosts can tell it from an ordinary throw.
  if (isHookwireError(thrown) && thrown.code === "HOOK_EXIT")
    return new HookError({ code: "HOOK_EXIT", hookPath, event, cause: thrown, message: thrown.message });
  return new HookError({ hookPath, event, cause: thrown });
}

function withTrace(call: Call, trace: (entry: HookTrace) => void, hookPath: string, event: string): Call {
  return async (payload, ctx) => {
    const started = nowMs();
    try {
      const result = await call(payload, ctx);
      trace({ event, hookPath, result, durationMs: nowMs() - started });
      return result;
    } catch (cause) {
      const error = toHookError(cause, hookPath, event);
      trace({ event, hookPath, result: undefined, error, durationMs: nowMs() - started });
      throw error;
    }
  };
}

/** A several-answers handler's answers, folded into a copy of the emit's state that replaces it when the handler succeeds. */
interface Draft {
  readonly state: { event: unknown };
  stopped: boolean;
}

/** Where one emit stands: the policy's state, the handler context, and the index of the handler that runs next. */
interface Emit {
  state: { event: unknown };
  readonly ctx: HookContext;
  at: number;
  /** The draft of the several-answers handler at `at`, while it runs. */
  draft?: Draft;
}

/** A several-answers handler's trace row: its answers as one result, as the bridge's row always read. */
function withTraceSeveral(
  call: SeveralCall,
  trace: (entry: HookTrace) => void,
  hookPath: string,
  event: string,
): SeveralCall {
  return async (payload, ctx, answers) => {
    const started = nowMs();
    // Only while someone traces: the hook's own answers, combined for its row (the emit's fold is `answers`).
    const own = combineAnswers(event as never, payload as never);
    const recorded: Answers<unknown, object> = {
      get event() {
        return answers.event;
      },
      add(answer) {
        own.add(answer as never, hookPath);
        return answers.add(answer);
      },
    };
    try {
      await call(payload, ctx, recorded);
      trace({ event, hookPath, result: own.result(), durationMs: nowMs() - started });
    } catch (cause) {
      const error = toHookError(cause, hookPath, event);
      trace({ event, hookPath, result: undefined, error, durationMs: nowMs() - started });
      throw error;
    }
  };
}

/**
 * One event's handlers in order and the policy that folds their results. `advance` is the loop: it calls the
 * handlers one after another and folds what each returns, until one returns a thenable; then the emit waits
 * (`Waiting`) and `advance` goes on from the next handler when it settles. Handlers that return nothing or a
 * plain result cost no promise, closure or microtask each.
 */
class Dispatcher implements CompiledDispatch {
  readonly calls: Call[] = [];
  readonly paths: string[] = [];
  /** Which calls answer several times (`severalAnswers`) instead of returning a result. */
  readonly several: boolean[] = [];
  readonly limit: number;
  /** Made when a handler first returns a thenable under a limit: most dispatchers never wait. */
  clock: HandlerClock | undefined;

  constructor(
    readonly event: string,
    // biome-ignore lint/suspicious/noExplicitAny: each policy's state is its own; the loop only hands it back.
    readonly policy: Policy<any>,
    readonly options: DispatchOptions,
  ) {
    const ms = options.handlerTimeout;
    this.limit = ms !== undefined && ms > 0 && Number.isFinite(ms) ? ms : 0;
  }

  get count(): number {
    return this.calls.length;
  }

  run(payload: unknown, ctx: HookContext): Promise<unknown> {
    const emit: Emit = { state: this.policy.start(payload), ctx, at: 0 };
    let pending: PromiseLike<unknown> | undefined;
    try {
      pending = this.advance(emit);
    } catch (error) {
      return Promise.reject(error);
    }
    if (pending === undefined) return Promise.resolve(this.policy.finish(emit.state));
    const thenable = pending;
    return new Promise((resolve, reject) => new Waiting(this, emit, resolve, reject).wait(thenable));
  }

  /**
   * Runs the handlers from `emit.at` on. Returns the thenable a handler returned (`emit.at` is that handler), or
   * undefined when every handler ran or the policy stopped the series. Throws a failure the emitter gets.
   */
  advance(emit: Emit): PromiseLike<unknown> | undefined {
    const { calls, paths, several } = this;
    for (let at = emit.at; at < calls.length; at++) {
      let result: unknown;
      try {
        result = several[at] ? this.answer(emit, at) : calls[at]!(emit.state.event, emit.ctx);
      } catch (cause) {
        emit.draft = undefined;
        this.fail(paths[at]!, cause);
        continue;
      }
      if (result === undefined && !several[at]) continue;
      if (isThenable(result)) {
        emit.at = at;
        return result;
      }
      if (several[at] ? this.commit(emit) : this.fold(emit.state, result, paths[at]!)) return undefined;
    }
    return undefined;
  }

  /** Runs the several-answers handler at `at` over a draft of the emit's state (`commit` keeps it). */
  answer(emit: Emit, at: number): unknown {
    const draft: Draft = { state: this.policy.copy(emit.state), stopped: false };
    emit.draft = draft;
    const answers: Answers<unknown, object> = {
      get event() {
        return draft.state.event;
      },
      // A handler that timed out or failed answers into a draft nobody keeps: it is told to stop.
      add: (result) => {
        if (draft.stopped || emit.draft !== draft) return true;
        draft.stopped = this.fold(draft.state, result, this.paths[at]!);
        return draft.stopped;
      },
    };
    return (this.calls[at] as unknown as SeveralCall)(draft.state.event, emit.ctx, answers);
  }

  /** The several-answers handler succeeded: its draft is the emit's state. True when an answer stopped the series. */
  commit(emit: Emit): boolean {
    const draft = emit.draft!;
    emit.draft = undefined;
    emit.state = draft.state;
    return draft.stopped;
  }

  /** Folds one handler's result; true when the policy stopped the series. */
  fold(state: { event: unknown }, result: unknown, hookPath: string): boolean {
    if (result === undefined || result === null || !this.policy.expectsResult) return false;
    if (typeof result !== "object" || Array.isArray(result)) {
      const kind = Array.isArray(result) ? "array" : typeof result;
      this.invalid(
        hookPath,
        `handler returned ${kind}; expected an object or nothing. The result was ignored.`,
      );
      return false;
    }
    return this.policy.fold(state, result, hookPath, (message: string) =>
      this.invalid(hookPath, `handler ${message} The result was ignored.`),
    );
  }

  /** A failed handler: thrown to the emitter (tool_call: fail-safe) or reported, and the series goes on. */
  fail(hookPath: string, cause: unknown): void {
    const error = toHookError(cause, hookPath, this.event);
    if (this.policy.propagateErrors) throw error;
    this.options.report(error);
  }

  invalid(hookPath: string, message: string): void {
    this.options.report(new HookError({ code: "HOOK_INVALID_RESULT", hookPath, event: this.event, message }));
  }
}

/**
 * An emit waiting for a handler's thenable: made when a handler first returns one, and the clock's list entry
 * for the rest of the emit. Its two settle callbacks are made once per emit, not per handler. A handler that
 * timed out is abandoned with this object (`dead`) and the emit goes on in a fresh one, so its late settlement
 * is dropped.
 */
class Waiting implements Waiter {
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
    readonly dispatcher: Dispatcher,
    readonly emit: Emit,
    readonly resolve: (outcome: unknown) => void,
    readonly reject: (error: unknown) => void,
    // The emit's calls, kept for its clock: the clock's one timer runs in whichever call armed it.
    readonly scope: CallScope = dispatcher.limit > 0 ? callScope() : undefined,
  ) {
    const { limit } = dispatcher;
    if (limit > 0) {
      dispatcher.clock ??= clockFor(limit);
      dispatcher.clock.add(this);
    }
  }

  paused(): boolean {
    return (this.dispatcher.options.dialogs?.(this.scope).open ?? 0) > 0;
  }

  wait(pending: PromiseLike<unknown>): void {
    if (this.dispatcher.clock) this.tick = this.dispatcher.clock.tick;
    // Adopted through Promise.resolve (no copy for a native promise): a hand-made thenable that settles twice or
    // throws from `then` cannot run the rest of the series twice.
    Promise.resolve(pending).then(this.onValue, this.onError);
  }

  /** The handler at `emit.at` settled (or timed out): fold or fail it, then go on from the next one. */
  resume(value: unknown, cause: unknown, failed: boolean): void {
    const { dispatcher, emit } = this;
    const hookPath = dispatcher.paths[emit.at]!;
    try {
      let stop = false;
      if (failed) {
        emit.draft = undefined;
        dispatcher.fail(hookPath, cause);
      } else if (dispatcher.several[emit.at]) stop = dispatcher.commit(emit);
      else stop = dispatcher.fold(emit.state, value, hookPath);
      emit.at++;
      const pending = stop ? undefined : dispatcher.advance(emit);
      if (pending !== undefined) {
        this.wait(pending);
        return;
      }
      dispatcher.clock?.remove(this);
      this.resolve(dispatcher.policy.finish(emit.state));
    } catch (error) {
      dispatcher.clock?.remove(this);
      this.reject(error);
    }
  }

  expire(): void {
    this.dead = true;
    const { dispatcher, emit } = this;
    const error = new HookError({
      code: "HOOK_TIMEOUT",
      hookPath: dispatcher.paths[emit.at]!,
      event: dispatcher.event,
      message: `handler did not settle within ${dispatcher.limit} ms`,
    });
    // Reported to, and going on in, the emit's own call (its host's onError, its hooks' actions).
    inCallScope(this.scope, () =>
      new Waiting(dispatcher, emit, this.resolve, this.reject, this.scope).resume(undefined, error, true),
    );
  }
}

/** The dispatcher of one event: its handlers across hooks in order, folded by the event's policy. */
export function compileDispatch(
  hooks: readonly LoadedHook[],
  event: string,
  // biome-ignore lint/suspicious/noExplicitAny: each policy's state is its own; the loop only hands it back.
  policy: Policy<any>,
  options: DispatchOptions,
): CompiledDispatch {
  const dispatcher = new Dispatcher(event, policy, options);
  for (const hook of hooks) {
    for (const handler of hook.handlers.get(event) ?? []) {
      const several = answersSeveral(handler);
      const call = !options.trace
        ? (handler as Call)
        : several
          ? (withTraceSeveral(handler as SeveralCall, options.trace, hook.path, event) as unknown as Call)
          : withTrace(handler as Call, options.trace, hook.path, event);
      dispatcher.calls.push(call);
      dispatcher.paths.push(hook.path);
      dispatcher.several.push(several);
    }
  }
  return dispatcher;
}
