// SessionEnd: when the main thread ends; hooks clean up (they cannot stop it).

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { bridged } from "../define.js";

export const sessionEnd = bridged({
  name: "SessionEnd",
  description: "When the main thread ends: clean up or log; it cannot be stopped.",
  native: "session_shutdown",
  matcher: "regex",
  matcherField: "reason",
  matcherNames: /^[A-Za-z0-9_|]+$/,
  canBlock: false,
  canStop: false,
  tool: false,
  // Codex's own default (codex app-server hooks/list): it delays shutdown.
  defaultTimeout: 1,
  session: [],
  input: () => ({ reason: "other" }),
  asAgentHook: commonAgentHook.sessionEnd,
  apply: () => undefined,
});
