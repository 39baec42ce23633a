// Stop: when the agent finishes its turn; a hook that blocks makes it continue, up to the bridge's cap.

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { blockReason, joined, lastAssistantText } from "../../../dialect-kit/messages.js";
import { bridged, TURN_FIELDS } from "../define.js";
import { turnFailure } from "./stop-failure.js";

export const stop = bridged({
  name: "Stop",
  description: "When the agent finishes responding: block to make it continue with the reason.",
  native: "agent_end",
  // A turn the API ended runs StopFailure instead, as in Claude Code.
  onlyWhen: (event) => turnFailure(event) === undefined,
  matcher: "none",
  canBlock: true,
  canStop: true,
  tool: false,
  defaultTimeout: 600,
  session: TURN_FIELDS,
  input: (event, { state }) => ({
    stop_hook_active: state.consecutiveStopBlocks > 0,
    last_assistant_message: lastAssistantText(event.messages),
    background_tasks: [],
    session_crons: [],
  }),
  asAgentHook: commonAgentHook.stop,
  apply(outcome, { state, options, hook, api }) {
    // Stop's additionalContext continues the conversation like a block, under the same loop cap.
    const feedback =
      outcome.blocks.length > 0 ? blockReason(outcome.blocks) : joined(outcome.additionalContext);
    if (outcome.stop || feedback === "") {
      state.consecutiveStopBlocks = 0;
      return undefined;
    }
    const cap = options.stopHookCap;
    if (state.consecutiveStopBlocks >= cap) {
      state.consecutiveStopBlocks = 0;
      const notice = `Stop hooks blocked the agent from stopping ${cap} times in a row; the stop is allowed. Last reason: ${feedback}`;
      hook.ui.notify(notice, "warning");
      api.sendMessage({ customType: "stop_hook", content: notice, display: true });
      return undefined;
    }
    state.consecutiveStopBlocks++;
    api.sendMessage({ customType: "stop_hook", content: feedback, display: true }, { triggerTurn: true });
    return undefined;
  },
});
