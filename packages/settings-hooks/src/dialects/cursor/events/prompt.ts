// beforeSubmitPrompt: right after the user hits send; `continue: false` (or exit 2) keeps the prompt from the model.

import { promptVerdict, text, UNAPPLIED } from "../../../dialect-kit/agent-hook.js";
import { blockReason } from "../../../dialect-kit/messages.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const beforeSubmitPrompt = bridged({
  name: "beforeSubmitPrompt",
  description: "Before a prompt is sent: continue: false refuses it (user_message tells the user why).",
  native: "before_agent_start",
  matcher: "none",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (event) => ({ prompt: event.prompt, attachments: [] }),
  asAgentHook: {
    event: (stdin) => ({ type: "before_agent_start", prompt: text(stdin.prompt) }),
    answer(result) {
      const verdict = promptVerdict(result);
      const unapplied: string[] = [];
      if (verdict.systemPrompt) unapplied.push(UNAPPLIED.systemPrompt);
      // beforeSubmitPrompt has no field for context: only a refusal goes back.
      if (verdict.context) unapplied.push(UNAPPLIED.context);
      return {
        output: verdict.block
          ? { decision: "block", reason: verdict.reason || "Refused by a hookwire hook" }
          : {},
        unapplied,
      };
    },
  },
  apply(outcome, { hook }) {
    if (outcome.blocks.length === 0) return undefined;
    // The reason is the user's to read (user_message), not the model's.
    const reason = blockReason(outcome.blocks);
    hook.ui.notify(reason, "warning");
    return { block: true, reason };
  },
});
