// sessionStart: when a session starts or resumes; hooks add context for the model.

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { contextMessage } from "../../../dialect-kit/messages.js";
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
  asAgentHook: commonAgentHook.sessionStart("sessionStart"),
  apply(outcome, { api }) {
    if (outcome.additionalContext.length > 0)
      api.sendMessage(contextMessage(outcome.additionalContext, "sessionStart"));
    return undefined;
  },
});
