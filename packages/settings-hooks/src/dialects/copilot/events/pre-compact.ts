// preCompact: before the conversation is compacted; observe only (Copilot: it cannot block).
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const preCompact = bridged({
  name: "preCompact",
  description: "Before context compaction begins: observe only, it cannot be blocked.",
  native: "session_before_compact",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (event) => ({ trigger: event.customInstructions !== undefined ? "manual" : "auto" }),
  apply: () => undefined,
});
