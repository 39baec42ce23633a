// BeforeModel: before each model request; hooks rewrite the messages the model sees or abort the turn.
import { bridged, DEFAULT_TIMEOUT } from "../define.js";
import { applyLlmMessages, toLlmRequest } from "../model.js";

export const beforeModel = bridged({
  name: "BeforeModel",
  description: "Before each model request: rewrite the messages it carries (llm_request), or block the turn.",
  native: "context",
  matcher: "none",
  canBlock: true,
  canStop: true,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input(event, { hook, state }) {
    const request = toLlmRequest(event.messages, hook.model?.id);
    state.request = request;
    return { llm_request: request };
  },
  apply(outcome, { event, hook }) {
    // A blocked model call ends the turn before the request is sent.
    if (outcome.blocks.length > 0) {
      hook.abort();
      return undefined;
    }
    // Later hooks' fields replace earlier ones' (Gemini CLI's merge for model events).
    let request: unknown;
    for (const { value } of outcome.extras) if (value.llm_request !== undefined) request = value.llm_request;
    const messages = applyLlmMessages(event.messages, request);
    return messages ? { messages } : undefined;
  },
});
