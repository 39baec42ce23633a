// AfterAgent: once per turn, after the final answer; a deny rejects it and sends the reason back as a prompt.
import type { AgentMessage } from "@hookwire/core";
import { commonAgentHook, text } from "../../../dialect-kit/agent-hook.js";
import { blockReason, textOf } from "../../../dialect-kit/messages.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

/** The user's prompt of this turn: the last user message (a retry's reason is a hook message, not one). */
function promptOf(messages: readonly AgentMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === "user") return textOf(message.content);
  }
  return undefined;
}

/** Every answer text since that prompt, joined: Gemini CLI reports the turn's cumulative response. */
function answersSincePrompt(messages: readonly AgentMessage[]): string {
  const texts: string[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === "user") break;
    if (message?.role !== "assistant") continue;
    const text = message.content
      .map((part) => (part.type === "text" ? (part as { text: string }).text : ""))
      .join("");
    if (text !== "") texts.unshift(text);
  }
  return texts.join("\n");
}

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
    prompt: promptOf(event.messages) ?? state.prompt,
    prompt_response: answersSincePrompt(event.messages) || "[no response text]",
    stop_hook_active: state.consecutiveRetries > 0,
  }),
  asAgentHook: {
    event: (stdin) => {
      const prompt = text(stdin.prompt);
      const answer = text(stdin.prompt_response);
      const messages: AgentMessage[] = [];
      if (prompt !== "") messages.push({ role: "user", content: [{ type: "text", text: prompt }] });
      if (answer !== "" && answer !== "[no response text]")
        messages.push({ role: "assistant", content: [{ type: "text", text: answer }] });
      return { type: "agent_end", messages };
    },
    // A deny rejects the answer and sends its reason back as the next prompt: the follow-up.
    answer: commonAgentHook.stop.answer,
  },
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
