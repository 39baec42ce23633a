// tool_result: overrides chain, so each handler sees the content left by the previous one.
import type { ToolResultEvent, ToolResultEventResult, ToolResultOutcome } from "../events.js";
import type { Policy } from "./policy.js";
import { pushContext } from "./tool-call.js";

interface State {
  event: ToolResultEvent;
  modified: boolean;
  additionalContext: ToolResultOutcome["additionalContext"];
}

export const toolResultPolicy: Policy<State, ToolResultEvent, ToolResultEventResult, ToolResultOutcome> = {
  propagateErrors: false,
  expectsResult: true,
  start: (event) => ({ event, modified: false, additionalContext: [] }),
  fold(state, result, hookPath) {
    pushContext(state.additionalContext, result.additionalContext, hookPath);
    const next = { ...state.event };
    let changed = false;
    if (Array.isArray(result.content)) {
      next.content = result.content;
      changed = true;
    }
    if (result.details !== undefined) {
      next.details = result.details;
      changed = true;
    }
    if (typeof result.isError === "boolean") {
      next.isError = result.isError;
      changed = true;
    }
    if (changed) {
      state.event = next;
      state.modified = true;
    }
    return false;
  },
  finish: ({ event, modified, additionalContext }) => ({
    content: event.content,
    details: event.details,
    isError: event.isError,
    modified,
    additionalContext,
  }),
  copy: (state) => ({ ...state, additionalContext: [...state.additionalContext] }),
  asResult(outcome) {
    const result: ToolResultEventResult = {};
    if (outcome.modified) {
      result.content = outcome.content;
      result.details = outcome.details;
      result.isError = outcome.isError;
    }
    if (outcome.additionalContext.length > 0) result.additionalContext = outcome.additionalContext;
    return Object.keys(result).length > 0 ? result : undefined;
  },
};
