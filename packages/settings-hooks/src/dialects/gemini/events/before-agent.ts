// BeforeAgent: after the user submits a prompt, before the agent plans; hooks refuse the turn or add context.

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { blockReason, contextMessage } from "../../../dialect-kit/messages.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const beforeAgent = bridged({
  name: "BeforeAgent",
  description:
    "After the user submits a prompt, before the agent plans: block the turn, or add context to the prompt.",
  native: "before_agent_start",
  matcher: "none",
  canBlock: true,
  canStop: true,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input(event, { state }) {
    state.prompt = event.prompt;
    state.consecutiveRetries = 0;
    return { prompt: event.prompt };
  },
  asAgentHook: commonAgentHook.prompt("BeforeAgent"),
  apply(outcome) {
    if (outcome.stop)
      return { block: true, reason: outcome.stop.reason || "Agent execution stopped by hook" };
    if (outcome.blocks.length > 0) return { block: true, reason: blockReason(outcome.blocks) };
    return outcome.additionalContext.length > 0
      ? { message: contextMessage(outcome.additionalContext, "BeforeAgent") }
      : undefined;
  },
});
