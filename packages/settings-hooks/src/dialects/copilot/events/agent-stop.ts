// agentStop: when the main agent finishes its turn; a hook that blocks makes it continue, up to the cap.

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { blockReason } from "../../../dialect-kit/messages.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const agentStop = bridged({
  name: "agentStop",
  description: 'When the agent finishes its turn: decision "block" makes it continue with the reason.',
  native: "agent_end",
  matcher: "none",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (_event, { state, session }) => ({
    transcriptPath: session.transcriptPath ?? "",
    stopReason: "end_turn",
    stop_hook_active: state.consecutiveStopBlocks > 0,
  }),
  // Copilot's agentStop says nothing of the last answer.
  asAgentHook: { event: () => ({ type: "agent_end", messages: [] }), answer: commonAgentHook.stop.answer },
  apply(outcome, { state, options, hook, api }) {
    const feedback = outcome.blocks.length > 0 ? blockReason(outcome.blocks) : "";
    if (feedback === "") {
      state.consecutiveStopBlocks = 0;
      return undefined;
    }
    if (state.consecutiveStopBlocks >= options.stopHookCap) {
      state.consecutiveStopBlocks = 0;
      hook.ui.notify(
        `agentStop hooks blocked ${options.stopHookCap} times in a row; the stop is allowed.`,
        "warning",
      );
      return undefined;
    }
    state.consecutiveStopBlocks++;
    api.sendMessage({ customType: "stop_hook", content: feedback, display: true }, { triggerTurn: true });
    return undefined;
  },
});
