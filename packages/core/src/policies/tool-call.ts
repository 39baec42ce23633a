// tool_call: the first block stops at once, input rewrites chain, contexts collect, verdicts rank.
import type { AttributedText, ToolCallEvent, ToolCallEventResult, ToolCallOutcome } from "../events.js";
import { outranks } from "../permission.js";
import type { Policy } from "./policy.js";
import { isRecord } from "./policy.js";

interface State {
  event: ToolCallEvent;
  outcome: ToolCallOutcome;
}

export function pushContext(list: AttributedText[], text: unknown, hookPath: string): void {
  if (typeof text === "string") {
    if (text !== "") list.push({ hookPath, text });
    return;
  }
  if (!Array.isArray(text)) return;
  for (const item of text) {
    if (typeof item?.text === "string" && item.text !== "") {
      list.push({ hookPath: typeof item.hookPath === "string" ? item.hookPath : hookPath, text: item.text });
    }
  }
}

export const toolCallPolicy: Policy<State, ToolCallEvent, ToolCallEventResult, ToolCallOutcome> = {
  // A throwing tool_call handler must block the call, so its error goes to the caller.
  propagateErrors: true,
  expectsResult: true,
  start: (event) => ({
    event,
    outcome: { block: false, input: event.input, inputModified: false, additionalContext: [] },
  }),
  fold(state, result, hookPath) {
    const { outcome } = state;
    pushContext(outcome.additionalContext, result.additionalContext, hookPath);
    const by = typeof result.decidedBy === "string" && result.decidedBy !== "" ? result.decidedBy : hookPath;
    if (result.block === true || result.permission === "deny") {
      outcome.block = true;
      outcome.reason = typeof result.reason === "string" ? result.reason : undefined;
      outcome.blockedBy = by;
      return true;
    }
    // The seed's runner hands its caller the last result no handler blocked with: its `reason` is kept.
    outcome.reason = typeof result.reason === "string" ? result.reason : undefined;
    if (isRecord(result.input)) {
      state.event = { ...state.event, input: result.input };
      outcome.input = result.input;
      outcome.inputModified = true;
    }
    const decision = result.permission;
    if (decision === "allow" || decision === "ask" || decision === "defer") {
      if (outranks(decision, outcome.permission?.decision)) {
        const reason = typeof result.reason === "string" ? result.reason : undefined;
        outcome.permission = { decision, reason, hookPath: by };
      }
    }
    return false;
  },
  finish: (state) => state.outcome,
  copy: ({ event, outcome }) => ({
    event,
    outcome: { ...outcome, additionalContext: [...outcome.additionalContext] },
  }),
  asResult(outcome) {
    const result: ToolCallEventResult = {};
    if (outcome.additionalContext.length > 0) result.additionalContext = outcome.additionalContext;
    // A blocked call's earlier verdict and rewrite have no effect; one result carries one reason: the verdict's.
    if (outcome.block) {
      result.block = true;
      if (outcome.reason !== undefined) result.reason = outcome.reason;
      if (outcome.blockedBy !== undefined) result.decidedBy = outcome.blockedBy;
      return result;
    }
    if (outcome.inputModified) result.input = outcome.input;
    const reason = outcome.permission ? outcome.permission.reason : outcome.reason;
    if (outcome.permission) {
      result.permission = outcome.permission.decision;
      result.decidedBy = outcome.permission.hookPath;
    }
    if (reason !== undefined) result.reason = reason;
    return Object.keys(result).length > 0 ? result : undefined;
  },
};
