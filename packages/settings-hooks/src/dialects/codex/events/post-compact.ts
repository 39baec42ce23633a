// PostCompact: after the conversation was compacted; hooks observe.
import { bridged, modelField } from "../define.js";

export const postCompact = bridged({
  name: "PostCompact",
  description: "After the conversation was compacted: observe it.",
  native: "session_compact",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  session: ["turn_id", "model"],
  input: (_event, { state, hook }) => ({ ...modelField(hook), trigger: state.compactTrigger }),
  apply: () => undefined,
});
