// SessionStart: when a session starts, resumes or is cleared; hooks add context (they cannot stop it).

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { contextMessage } from "../../../dialect-kit/messages.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const sessionStart = bridged({
  name: "SessionStart",
  description:
    "When a session starts, resumes or is cleared: add context for the model; it is never blocked.",
  native: "session_start",
  matcher: "exact",
  matcherField: "source",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (_event, { options }) => ({ source: options.sessionStartSource }),
  asAgentHook: commonAgentHook.sessionStart("SessionStart"),
  apply(outcome, { api }) {
    if (outcome.additionalContext.length > 0) {
      api.sendMessage(contextMessage(outcome.additionalContext, "SessionStart"));
    }
    return undefined;
  },
});
