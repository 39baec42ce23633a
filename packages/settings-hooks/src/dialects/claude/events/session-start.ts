// SessionStart: when a session starts; hooks add context and may export variables (CLAUDE_ENV_FILE).

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { contextMessage } from "../../../dialect-kit/messages.js";
import { bridged } from "../define.js";

export const sessionStart = bridged({
  name: "SessionStart",
  description: "When a session starts or resumes: add context, export variables for the Bash tool.",
  native: "session_start",
  matcher: "regex",
  matcherField: "source",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  session: [],
  // Only SessionStart hooks get CLAUDE_ENV_FILE in Claude Code 2.1 (checked in the conformance suite).
  envFile: true,
  input(_event, { hook, options }) {
    const model = hook.model as { id?: unknown } | undefined;
    return {
      source: options.sessionStartSource,
      ...(typeof model?.id === "string" ? { model: model.id } : {}),
    };
  },
  asAgentHook: commonAgentHook.sessionStart("SessionStart"),
  apply(outcome, { api }) {
    const texts = [...outcome.plainText, ...outcome.additionalContext];
    if (texts.length > 0) api.sendMessage(contextMessage(texts, "SessionStart"));
    return undefined;
  },
});
