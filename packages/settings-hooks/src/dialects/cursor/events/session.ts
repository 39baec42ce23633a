// sessionStart / sessionEnd: a conversation's start (context, env, or refuse it) and its end (observe).

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { contextMessage } from "../../../dialect-kit/messages.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const sessionStart = bridged({
  name: "sessionStart",
  description: "When a conversation starts: add context, or refuse it.",
  native: "session_start",
  matcher: "none",
  canBlock: false,
  canStop: true,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (_event, { session }) => ({
    session_id: session.sessionId,
    is_background_agent: false,
    composer_mode: "agent",
  }),
  asAgentHook: commonAgentHook.sessionStart("sessionStart"),
  apply(outcome, { api, hook }) {
    if (outcome.additionalContext.length > 0)
      api.sendMessage(contextMessage(outcome.additionalContext, "sessionStart"));
    // `continue: false` refuses the conversation.
    if (outcome.stop) hook.abort();
    return undefined;
  },
});

export const sessionEnd = bridged({
  name: "sessionEnd",
  description: "When a conversation ends: observe only.",
  native: "session_shutdown",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 5,
  session: [],
  input: (_event, { session }) => ({
    session_id: session.sessionId,
    reason: "completed",
    is_background_agent: false,
    final_status: "completed",
  }),
  asAgentHook: commonAgentHook.sessionEnd,
  apply: () => undefined,
});
