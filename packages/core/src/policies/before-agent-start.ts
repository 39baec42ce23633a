// "First message kept, the rest still run" (before_agent_start); a block refuses the prompt at once.
import type { BeforeAgentStartEvent, BeforeAgentStartEventResult } from "../events.js";
import type { Policy } from "./policy.js";
import { isRecord } from "./policy.js";

interface State {
  event: BeforeAgentStartEvent;
  outcome: BeforeAgentStartEventResult | undefined;
}

export const beforeAgentStartPolicy: Policy<
  State,
  BeforeAgentStartEvent,
  BeforeAgentStartEventResult,
  BeforeAgentStartEventResult | undefined
> = {
  propagateErrors: false,
  expectsResult: true,
  start: (event) => ({ event, outcome: undefined }),
  fold(state, result) {
    if (isRecord(result.message) && !state.outcome?.message) {
      state.outcome = { ...state.outcome, message: result.message };
    }
    if (result.block === true) {
      state.outcome = { ...state.outcome, block: true, reason: result.reason };
      return true;
    }
    return false;
  },
  finish: (state) => state.outcome,
};
