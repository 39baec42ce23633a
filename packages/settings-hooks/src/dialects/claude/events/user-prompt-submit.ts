// UserPromptSubmit: before the agent sees a prompt; hooks refuse it or add context.

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { blockReason, contextMessage } from "../../../dialect-kit/messages.js";
import { bridged } from "../define.js";

export const userPromptSubmit = bridged({
  name: "UserPromptSubmit",
  description: "When the user submits a prompt, before the agent sees it: refuse it, or add context.",
  native: "before_agent_start",
  matcher: "none",
  canBlock: true,
  canStop: true,
  tool: false,
  defaultTimeout: 30,
  session: ["prompt_id", "permission_mode"],
  input: (event) => ({ prompt: event.prompt }),
  asAgentHook: commonAgentHook.prompt("UserPromptSubmit"),
  apply(outcome) {
    if (outcome.stop) return { block: true, reason: outcome.stop.reason || "Stopped by a settings hook" };
    if (outcome.blocks.length > 0) return { block: true, reason: blockReason(outcome.blocks) };
    const texts = [...outcome.plainText, ...outcome.additionalContext];
    return texts.length > 0 ? { message: contextMessage(texts, "UserPromptSubmit") } : undefined;
  },
});
