// AfterAgent: once per turn, after the final answer; a deny rejects it and sends the reason back as a prompt.
import { blockReason, lastAssistantText } from "../../../dialect/messages.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const afterAgent = bridged({
  name: "AfterAgent",
  description:
    "After the agent's final answer of a turn: deny to reject it and retry with the reason as the prompt.",
  native: "agent_end",
  matcher: "none",
  canBlock: true,
  canStop: true,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (event, { state }) => ({
    prompt: state.prompt,
    prompt_response: lastAssistantText(event.messages) || "[no response text]",
    stop_hook_active: state.consecutiveRetries > 0,
  }),
  apply(outcome, { state, options, hook, api }) {
    if (outcome.stop || outcome.blocks.length === 0) {
      state.consecutiveRetries = 0;
      return undefined;
    }
    const reason = blockReason(outcome.blocks);
    // The bridge's loop cap stands in for Gemini CLI's own turn limit: a hook that always denies ends.
    if (state.consecutiveRetries >= options.stopHookCap) {
      state.consecutiveRetries = 0;
      hook.ui.notify(
        `AfterAgent hooks rejected the answer ${options.stopHookCap} times in a row; the answer stands.`,
        "warning",
      );
      return undefined;
    }
    state.consecutiveRetries++;
    api.sendMessage({ customType: "hook_retry", content: reason, display: true }, { triggerTurn: true });
    return undefined;
  },
});
