// preCompact: before the context window is compacted; observe only.
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const preCompact = bridged({
  name: "preCompact",
  description: "Before the context window is compacted: observe (user_message is shown to the user).",
  native: "session_before_compact",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (event) => ({
    trigger: event.customInstructions !== undefined ? "manual" : "auto",
    message_count: event.branchEntries.length,
  }),
  apply(outcome, { hook }) {
    for (const message of outcome.systemMessages) hook.ui.notify(message.text, "info");
    return undefined;
  },
});
