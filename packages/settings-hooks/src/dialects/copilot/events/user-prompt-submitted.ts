// userPromptSubmitted: before the agent sees a prompt; hooks refuse it or add context.

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { blockReason, contextMessage } from "../../../dialect-kit/messages.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const userPromptSubmitted = bridged({
  name: "userPromptSubmitted",
  description: 'When the user submits a prompt: refuse it (decision "block") or add context.',
  native: "before_agent_start",
  matcher: "none",
  // Exit 2 does nothing here (observed); only `decision: "block"` refuses the prompt.
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (event) => ({ prompt: event.prompt }),
  asAgentHook: commonAgentHook.prompt("userPromptSubmitted"),
  apply(outcome) {
    if (outcome.blocks.length > 0) return { block: true, reason: blockReason(outcome.blocks) };
    return outcome.additionalContext.length > 0
      ? { message: contextMessage(outcome.additionalContext, "userPromptSubmitted") }
      : undefined;
  },
});
