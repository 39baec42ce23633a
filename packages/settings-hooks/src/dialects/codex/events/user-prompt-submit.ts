// UserPromptSubmit: before the model sees a prompt; hooks refuse it (with a reason) or add context.

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { blockReason, contextMessage } from "../../../dialect-kit/messages.js";
import { bridged, modelField, TURN_FIELDS } from "../define.js";

export const userPromptSubmit = bridged({
  name: "UserPromptSubmit",
  description: "When the user submits a prompt, before the model sees it: refuse it, or add context.",
  native: "before_agent_start",
  matcher: "none",
  canBlock: true,
  canStop: true,
  tool: false,
  defaultTimeout: 600,
  session: TURN_FIELDS,
  input: (event, { hook }) => ({ ...modelField(hook), prompt: event.prompt }),
  asAgentHook: commonAgentHook.prompt("UserPromptSubmit"),
  apply(outcome) {
    if (outcome.stop) return { block: true, reason: outcome.stop.reason || "Stopped by a Codex hook" };
    if (outcome.blocks.length > 0) return { block: true, reason: blockReason(outcome.blocks) };
    const texts = [...outcome.plainText, ...outcome.additionalContext];
    return texts.length > 0 ? { message: contextMessage(texts, "UserPromptSubmit") } : undefined;
  },
});
