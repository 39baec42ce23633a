// The call code runs for: the `CallContext` an emit was given with a host, reached by the hooks' `pi` actions from
// inside that emit's handlers and from every promise and timer they start there (AsyncLocalStorage), never by a
// shared object refilled per call.
import { AsyncLocalStorage } from "node:async_hooks";
import type { CallContext } from "./host.js";

/** One call in progress, with the call it started inside (another runner's, when runners nest). */
interface ActiveCall {
  readonly runner: object;
  readonly call: CallContext;
  readonly outer: ActiveCall | undefined;
}

const calls = new AsyncLocalStorage<ActiveCall>();

/**
 * Runs `fn` as part of `runner`'s `call`. A call started inside another runner's keeps that one for the other
 * runner's hooks: each runner finds its own call up the chain.
 */
export function runInCall<T>(runner: object, call: CallContext, fn: () => T): T {
  return calls.run({ runner, call, outer: calls.getStore() }, fn);
}

/** `runner`'s call this code runs for, or `undefined` outside any (the runner's `initialize` host answers then). */
export function activeCall(runner: object): CallContext | undefined {
  for (let at = calls.getStore(); at !== undefined; at = at.outer) if (at.runner === runner) return at.call;
  return undefined;
}
