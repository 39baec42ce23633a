// A handler that gives one occurrence several answers (the settings bridge: one per dialect), each folded once by the runner.
import type { HookContext } from "./context.js";

/** What a several-answers handler answers through: the occurrence as the answers so far left it, and `add`. */
export interface Answers<Event = unknown, Result = object> {
  /** The event as this emit's handlers and answers so far left it (rewrites chain): the next answer works from it. */
  readonly event: Event;
  /**
   * Folds one answer in, by the event's policy, as the runner folds a handler's result; true when it ends the
   * occurrence (a block, a cancel): the handler gives no more answers. The answers count only if the handler
   * settles without error and within its time: a failed or timed-out handler's answers are dropped together.
   */
  add(answer: Result): boolean;
}

export type SeveralAnswersHandler<Event = unknown, Result = object> = (
  event: Event,
  ctx: HookContext,
  answers: Answers<Event, Result>,
) => void | Promise<void>;

const SEVERAL = Symbol.for("hookwire.severalAnswers");

type Marked = { [SEVERAL]?: true };

/**
 * Marks `handler` as answering through `answers` instead of returning a result. The runner folds each answer
 * into a draft of the emit's state, which becomes the emit's when the handler succeeds: the policy runs once per
 * answer, and the handler is still one handler for timeouts, traces and error isolation.
 */
export function severalAnswers<Event, Result>(
  handler: SeveralAnswersHandler<Event, Result>,
): (event: Event, ctx: HookContext) => Promise<void> {
  (handler as Marked)[SEVERAL] = true;
  return handler as never;
}

export function answersSeveral(handler: unknown): boolean {
  return (handler as Marked)[SEVERAL] === true;
}
