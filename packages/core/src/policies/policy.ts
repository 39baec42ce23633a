// The contract of a combination policy: how one event kind folds its handlers' results.

/**
 * A policy turns an event into per-emit state whose `event` is what the next handler sees (a
 * policy that chains replaces it), folds each handler's result in, and produces the emit's
 * outcome. `fold` returning true stops the remaining handlers.
 */
export interface Policy<
  State extends { event: Event },
  Event = unknown,
  Result = unknown,
  Outcome = unknown,
> {
  /** Handler errors propagate to the emitter instead of being reported (tool_call: fail-safe). */
  readonly propagateErrors: boolean;
  /** Handler results matter; a non-object result is reported and ignored. */
  readonly expectsResult: boolean;
  start(event: Event): State;
  /** `invalid` reports the result as `HOOK_INVALID_RESULT` (the message says what was expected). */
  fold(state: State, result: Result, hookPath: string, invalid: (message: string) => void): boolean;
  finish(state: State): Outcome;
  /**
   * A copy of `state` that folding into leaves `state` as it was: a several-answers handler's answers are
   * folded into a copy, kept only when the handler succeeds (`severalAnswers`).
   */
  copy(state: State): State;
  /**
   * The outcome as one result of the same event: only a several-answers hook's trace row, which shows its
   * answers as one (the emit folds each answer itself).
   */
  asResult(outcome: Outcome): Result | undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
