// "First result wins" (user_bash): the first handler that returns something decides; the rest do not run.
import type { Policy } from "./policy.js";

interface State {
  event: unknown;
  result: object | undefined;
}

export const firstResultPolicy: Policy<State, unknown, object, object | undefined> = {
  propagateErrors: false,
  expectsResult: true,
  start: (event) => ({ event, result: undefined }),
  fold(state, result) {
    state.result = result;
    return true;
  },
  finish: (state) => state.result,
  copy: (state) => ({ ...state }),
  asResult: (result) => result,
};
