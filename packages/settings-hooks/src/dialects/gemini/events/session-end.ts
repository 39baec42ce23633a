// SessionEnd: when the CLI exits or a session is cleared; best effort, it cannot stop anything.

import { observeOnly, text } from "../../../dialect-kit/agent-hook.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const sessionEnd = bridged({
  name: "SessionEnd",
  description: "When the session ends (exit, clear, logout): clean up or log; best effort.",
  native: "session_shutdown",
  matcher: "exact",
  matcherField: "reason",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  // Gemini CLI's reasons: exit, clear, logout, prompt_input_exit, other; hookwire's quit is its exit.
  input: (event) => ({ reason: event.reason === "quit" || event.reason === undefined ? "exit" : "other" }),
  asAgentHook: {
    event: (stdin) => ({
      type: "session_shutdown",
      reason: text(stdin.reason) === "exit" ? "quit" : text(stdin.reason) || "other",
    }),
    answer: observeOnly,
  },
  apply: () => undefined,
});
