// PreCompact: before the conversation is compacted; hooks observe (Codex reads no decision from them).
import { bridged, modelField } from "../define.js";

export const preCompact = bridged({
  name: "PreCompact",
  description: "Before the conversation is compacted (manual or auto): observe it.",
  native: "session_before_compact",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  session: ["turn_id", "model"],
  input(event, { state, hook }) {
    state.compactTrigger = event.customInstructions !== undefined ? "manual" : "auto";
    return { ...modelField(hook), trigger: state.compactTrigger };
  },
  apply: () => undefined,
});
