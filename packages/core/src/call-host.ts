// The call code runs for: the `CallContext` an emit was given with a host, reached by the hooks' `pi` actions from
// inside that emit's handlers and from every promise and timer they start there (AsyncLocalStorage), never by a
// shared object refilled per call.
import { AsyncLocalStorage } from "node:async_hooks";
import type { CallContext } from "./host.js";
import type { DialogCounter } from "./ui-dialogs.js";

/** One call in progress, with the call it started inside (another runner's, when runners nest). */
interface ActiveCall {
  readonly runner: object;
  readonly call: CallContext;
  readonly outer: ActiveCall | undefined;
  /** The dialogs this call's hooks have open: only this call's handler clocks wait for them. */
  readonly dialogs: DialogCounter;
}

const calls = new AsyncLocalStorage<ActiveCall>();

/**
 * Runs `fn` as part of `runner`'s `call`. A call started inside another runner's keeps that one for the other
 * runner's hooks: each runner finds its own call up the chain.
 */
export function runInCall<T>(runner: object, call: CallContext, fn: () => T): T {
  return calls.run({ runner, call, outer: calls.getStore(), dialogs: { open: 0 } }, fn);
}

/** `runner`'s call this code runs for, or `undefined` outside any (the runner's `initialize` host answers then). */
export function activeCall(runner: object): CallContext | undefined {
  return find(runner, callScope())?.call;
}

/** The open dialogs of `runner`'s call in `scope` (what `callScope()` answered), or `undefined` outside any. */
export function callDialogs(runner: object, scope: CallScope): DialogCounter | undefined {
  return find(runner, scope)?.dialogs;
}

/** The calls this code runs for, as work keeps them to go on later from a timer every call shares. */
export type CallScope = ActiveCall | undefined;

export function callScope(): CallScope {
  return calls.getStore();
}

/** Runs `fn` for the calls of `scope` (what `callScope()` answered), wherever it is called from. */
export function inCallScope<T>(scope: CallScope, fn: () => T): T {
  return scope === undefined ? calls.exit(fn) : calls.run(scope, fn);
}

function find(runner: object, scope: CallScope): ActiveCall | undefined {
  for (let at = scope; at !== undefined; at = at.outer) if (at.runner === runner) return at;
  return undefined;
}
