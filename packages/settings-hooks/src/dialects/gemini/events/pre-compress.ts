// PreCompress: before the history is summarised; advisory only, it cannot cancel or change the compression.
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const preCompress = bridged({
  name: "PreCompress",
  description: "Before the history is compressed (auto or manual): log or save state; it cannot block.",
  native: "session_before_compact",
  matcher: "exact",
  matcherField: "trigger",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (event) => ({ trigger: event.customInstructions !== undefined ? "manual" : "auto" }),
  apply: () => undefined,
});
