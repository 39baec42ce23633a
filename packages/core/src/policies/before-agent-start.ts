// before_agent_start: messages collect (the first kept as `message`), the system prompt chains, a block refuses at once.
import type {
  BeforeAgentStartEvent,
  BeforeAgentStartEventResult,
  BeforeAgentStartOutcome,
} from "../events.js";
import type { Policy } from "./policy.js";
import { isRecord } from "./policy.js";

interface State {
  event: BeforeAgentStartEvent;
  outcome: BeforeAgentStartOutcome | undefined;
}

export const beforeAgentStartPolicy: Policy<
  State,
  BeforeAgentStartEvent,
  BeforeAgentStartEventResult,
  BeforeAgentStartOutcome | undefined
> = {
  propagateErrors: false,
  expectsResult: true,
  start: (event) => ({ event, outcome: undefined }),
  fold(state, result) {
    const outcome: BeforeAgentStartOutcome = state.outcome ?? {};
    const messages = Array.isArray(result.messages) ? result.messages : [result.message];
    for (const message of messages) {
      if (!isRecord(message)) continue;
      outcome.message ??= message;
      outcome.messages = [...(outcome.messages ?? []), message];
    }
    let prompt = typeof result.systemPrompt === "string" ? result.systemPrompt : state.event.systemPrompt;
    if (typeof result.systemPromptAppend === "string" && result.systemPromptAppend !== "") {
      prompt = prompt ? `${prompt}\n\n${result.systemPromptAppend}` : result.systemPromptAppend;
    }
    if (prompt !== state.event.systemPrompt || typeof result.systemPrompt === "string") {
      // The next handler sees the prompt as this one left it (pi: "chained across extensions").
      state.event = { ...state.event, systemPrompt: prompt };
      outcome.systemPrompt = prompt;
    }
    if (result.block === true) {
      outcome.block = true;
      outcome.reason = result.reason;
    }
    if (Object.keys(outcome).length > 0) state.outcome = outcome;
    return outcome.block === true;
  },
  finish: (state) => state.outcome,
  copy: (state) => ({ event: state.event, outcome: state.outcome ? { ...state.outcome } : undefined }),
  asResult(outcome) {
    if (!outcome) return undefined;
    const { message: _first, ...result } = outcome;
    return result;
  },
};
