// What a host keeps for one call's session on behalf of hookwire's own runtimes, carried by that emit's context alone.
import type { HookContext } from "./context.js";

const CALL_STATE = Symbol.for("hookwire.callState");

/** Puts `state` on a context made for one emit (not enumerable: hooks do not see it among the context's members). */
export function withCallState(context: HookContext, state: Record<string, unknown>): void {
  Object.defineProperty(context, CALL_STATE, { value: state });
}

/**
 * The state the emit's caller passed (`CallContext.state`), or undefined when it passed none: the settings bridge
 * then keeps its own for the runner's lifetime.
 */
export function callStateOf(context: HookContext): Record<string, unknown> | undefined {
  return (context as unknown as { [CALL_STATE]?: Record<string, unknown> })[CALL_STATE];
}
