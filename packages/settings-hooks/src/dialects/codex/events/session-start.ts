// SessionStart: when a thread starts or resumes; hooks add context, or stop the session before its first turn.

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { contextMessage } from "../../../dialect-kit/messages.js";
import { bridged, modelField } from "../define.js";

export const sessionStart = bridged({
  name: "SessionStart",
  description: "When a session starts or resumes: add context for the model, or stop before the first turn.",
  native: "session_start",
  matcher: "regex",
  matcherField: "source",
  matcherNames: /^[A-Za-z0-9_|]+$/,
  canBlock: false,
  canStop: true,
  tool: false,
  defaultTimeout: 600,
  session: ["model", "permission_mode"],
  input: (_event, { hook, options }) => ({ ...modelField(hook), source: options.sessionStartSource }),
  asAgentHook: commonAgentHook.sessionStart("SessionStart"),
  apply(outcome, { api }) {
    // `continue: false` ends the session before the model is asked anything (the bridge aborts it).
    if (outcome.stop) return undefined;
    const texts = [...outcome.plainText, ...outcome.additionalContext];
    if (texts.length > 0) api.sendMessage(contextMessage(texts, "SessionStart"));
    return undefined;
  },
});
