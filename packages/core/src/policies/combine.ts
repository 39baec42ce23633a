// A several-answers hook's answers as one result, for its trace row (the emit folds each answer itself, once).
import type { HookEvent, HookEventResult, NativeEventName } from "../events.js";
import { policyFor } from "./table.js";

export interface CombinedAnswers<K extends NativeEventName> {
  /** The event as the answers so far left it (rewrites chain): what the next answer is worked out from. */
  readonly event: HookEvent<K>;
  /** Folds one answer in, as the runner folds a hook's result; true when it ends the occurrence (a block, a cancel). */
  add(answer: NonNullable<HookEventResult<K>>, hookPath: string): boolean;
  /** The answers as one result of the hook, which the runner folds to the same effect; a single answer is itself. */
  result(): HookEventResult<K> | undefined;
}

/**
 * Combines the answers one hook gives to one occurrence of `event`, by the policy the runner combines hooks with:
 * a block stops the rest, rewrites chain, verdicts rank, contexts and messages collect.
 */
export function combineAnswers<K extends NativeEventName>(name: K, event: HookEvent<K>): CombinedAnswers<K> {
  const policy = policyFor(name);
  const state = policy.start(event);
  let count = 0;
  let only: HookEventResult<K> | undefined;
  return {
    get event() {
      return state.event;
    },
    add(answer, hookPath) {
      count++;
      only = answer;
      // The answers are the hook's own, already checked: nothing to report as an invalid result.
      return policy.expectsResult && policy.fold(state, answer, hookPath, () => {});
    },
    result() {
      return count <= 1 ? only : policy.asResult(policy.finish(state));
    },
  };
}
