// sessionStart: when a session starts or resumes; hooks add context for the model.
import { contextMessage } from "../../../dialect/messages.js";
import { commonReverse } from "../../../dialect/reverse.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const sessionStart = bridged({
  name: "sessionStart",
  description: "When a session starts or resumes: add context for the model.",
  native: "session_start",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  // Copilot says "new" for a fresh session; `initialPrompt` is not known yet when hookwire starts one.
  input: () => ({ source: "new" }),
  reverse: commonReverse.sessionStart("sessionStart"),
  apply(outcome, { api }) {
    if (outcome.additionalContext.length > 0)
      api.sendMessage(contextMessage(outcome.additionalContext, "sessionStart"));
    return undefined;
  },
});
