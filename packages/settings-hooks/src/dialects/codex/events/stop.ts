// Stop: when the turn is about to end; a hook that blocks with a reason makes the model continue with it.

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { blockReason, lastAssistantText } from "../../../dialect-kit/messages.js";
import { bridged, modelField, TURN_FIELDS } from "../define.js";

export const stop = bridged({
  name: "Stop",
  description: "When the turn is about to end: block with a reason to make the model continue.",
  native: "agent_end",
  matcher: "none",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  session: TURN_FIELDS,
  input: (event, { state, hook }) => ({
    ...modelField(hook),
    stop_hook_active: state.consecutiveStopBlocks > 0,
    last_assistant_message: lastAssistantText(event.messages) ?? null,
  }),
  asAgentHook: commonAgentHook.stop,
  apply(outcome, { state, options, hook, api }) {
    if (outcome.blocks.length === 0) {
      state.consecutiveStopBlocks = 0;
      return undefined;
    }
    const feedback = blockReason(outcome.blocks);
    const cap = options.stopHookCap;
    if (state.consecutiveStopBlocks >= cap) {
      state.consecutiveStopBlocks = 0;
      const notice = `Stop hooks blocked the turn from ending ${cap} times in a row; it ends. Last reason: ${feedback}`;
      hook.ui.notify(notice, "warning");
      api.sendMessage({ customType: "stop_hook", content: notice, display: true });
      return undefined;
    }
    state.consecutiveStopBlocks++;
    api.sendMessage({ customType: "stop_hook", content: feedback, display: true }, { triggerTurn: true });
    return undefined;
  },
});
