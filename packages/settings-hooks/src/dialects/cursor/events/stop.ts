// stop / afterAgentResponse: when the agent loop ends; a followup_message becomes the next user message.

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { lastAssistantText } from "../../../dialect-kit/messages.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

/** Cursor's default `loop_limit` for stop and subagentStop. */
export const DEFAULT_LOOP_LIMIT = 5;

export const afterAgentResponse = bridged({
  name: "afterAgentResponse",
  description: "After the agent completed an assistant message: observe its text.",
  native: "agent_end",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (event) => ({ text: lastAssistantText(event.messages) ?? "" }),
  apply: () => undefined,
});

export const stop = bridged({
  name: "stop",
  description:
    "When the agent loop ends: followup_message is submitted as the next user message (loop_limit caps it).",
  native: "agent_end",
  matcher: "none",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (_event, { state }) => ({ status: "completed", loop_count: state.loopCount }),
  asAgentHook: { event: () => ({ type: "agent_end", messages: [] }), answer: commonAgentHook.stop.answer },
  apply(outcome, { state, options, api, handlerFields }) {
    // Each hook's follow-ups are capped by its own loop_limit (null: only hookwire's stop cap applies).
    const followUps = outcome.blocks.filter((block) => {
      const limit = handlerFields?.(block.hookPath)?.loop_limit;
      const cap =
        limit === null ? options.stopHookCap : typeof limit === "number" ? limit : DEFAULT_LOOP_LIMIT;
      return (state.followUpsBy.get(block.hookPath) ?? 0) < cap;
    });
    if (followUps.length === 0) return undefined;
    for (const { hookPath } of followUps)
      state.followUpsBy.set(hookPath, (state.followUpsBy.get(hookPath) ?? 0) + 1);
    state.loopCount++;
    const text = followUps.map((block) => block.text).join("\n\n");
    api.sendMessage({ customType: "stop_hook", content: text, display: true }, { triggerTurn: true });
    return undefined;
  },
});
