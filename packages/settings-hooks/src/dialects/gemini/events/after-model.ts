// AfterModel: after the model answered; hooks replace the answer's text (and with it any tool call).
import { bridged, DEFAULT_TIMEOUT } from "../define.js";
import { fromLlmResponse, toLlmResponse } from "../model.js";

export const afterModel = bridged({
  name: "AfterModel",
  description: "After a model response: replace it (llm_response); Gemini CLI runs it per streamed chunk.",
  native: "message_end",
  onlyWhen: (event) => event.message.role === "assistant",
  matcher: "none",
  canBlock: true,
  canStop: true,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (event, { state, hook }) => ({
    llm_request: state.request ?? { model: hook.model?.id ?? "gemini-2.5-flash", messages: [], config: {} },
    llm_response: event.message.role === "assistant" ? toLlmResponse(event.message) : undefined,
  }),
  apply(outcome, { event }) {
    if (event.message.role !== "assistant") return undefined;
    let response: unknown;
    for (const { value } of outcome.extras)
      if (value.llm_response !== undefined) response = value.llm_response;
    const message = response === undefined ? undefined : fromLlmResponse(event.message, response);
    return message ? { message } : undefined;
  },
});
