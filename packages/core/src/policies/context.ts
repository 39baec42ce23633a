// "Chained" (context): each handler sees the messages returned by the previous one.
import type { ContextEvent, ContextEventResult } from "../events.js";
import type { AgentMessage } from "../messages.js";
import type { Policy } from "./policy.js";

export const contextPolicy: Policy<
  { event: ContextEvent },
  ContextEvent,
  ContextEventResult,
  AgentMessage[]
> = {
  propagateErrors: false,
  expectsResult: true,
  start: (event) => ({ event }),
  fold(state, result) {
    if (Array.isArray(result.messages)) state.event = { ...state.event, messages: result.messages };
    return false;
  },
  finish: (state) => state.event.messages,
  copy: (state) => ({ ...state }),
  asResult: (messages) => ({ messages }),
};
