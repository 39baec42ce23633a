// PreCompact: before the conversation is compacted; a hook that blocks cancels the compaction.
import { bridged } from "../define.js";

export const preCompact = bridged({
  name: "PreCompact",
  description: "Before the conversation is compacted (manual or auto): block to cancel it.",
  native: "session_before_compact",
  matcher: "regex",
  matcherField: "trigger",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  session: ["prompt_id", "permission_mode"],
  input(event, { state }) {
    state.compactTrigger = event.customInstructions !== undefined ? "manual" : "auto";
    return { trigger: state.compactTrigger, custom_instructions: event.customInstructions ?? "" };
  },
  apply: (outcome) => (outcome.stop || outcome.blocks.length > 0 ? { cancel: true } : undefined),
});
