// The contract of a combination policy: how one event kind folds its handlers' results.

/**
 * A policy turns an event into per-emit state, shows each handler the event as left by the
 * previous ones, folds each result in, and produces the emit's outcome. `fold` returning true
 * stops the remaining handlers (the tapable bail).
 */
export interface Policy<State = unknown, Event = unknown, Result = unknown, Outcome = unknown> {
  /** Handler errors propagate to the emitter instead of being reported (tool_call: fail-safe). */
  readonly propagateErrors: boolean;
  /** Handler results matter; a non-object result is reported and ignored. */
  readonly expectsResult: boolean;
  start(event: Event): State;
  view(state: State): Event;
  fold(state: State, result: Result, hookPath: string): boolean;
  finish(state: State): Outcome;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
