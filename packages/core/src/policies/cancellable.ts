// "Last result kept, cancel stops at once" (session_before_*), and "last wins" (session.compacting).
import type { CancellableResult } from "../events.js";
import type { Policy } from "./policy.js";

interface State<E, R> {
  event: E;
  last: R | undefined;
}

function lastResultPolicy<E, R extends object>(
  stopOnCancel: boolean,
): Policy<State<E, R>, E, R, R | undefined> {
  return {
    propagateErrors: false,
    expectsResult: true,
    start: (event) => ({ event, last: undefined }),
    fold(state, result) {
      state.last = result;
      return stopOnCancel && (result as CancellableResult).cancel === true;
    },
    finish: (state) => state.last,
    copy: (state) => ({ ...state }),
    asResult: (last) => last,
  };
}

export const cancellablePolicy = lastResultPolicy<unknown, CancellableResult>(true);
export const lastWinsPolicy = lastResultPolicy<unknown, object>(false);
