// SessionEnd: when the session ends; hooks clean up (they cannot stop it).

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { bridged } from "../define.js";

export const sessionEnd = bridged({
  name: "SessionEnd",
  description: "When the session ends: clean up or log; it cannot be stopped.",
  native: "session_shutdown",
  matcher: "regex",
  matcherField: "reason",
  canBlock: false,
  canStop: false,
  tool: false,
  // Short: it delays shutdown.
  defaultTimeout: 1.5,
  session: ["prompt_id"],
  input: () => ({ reason: "other" }),
  asAgentHook: commonAgentHook.sessionEnd,
  apply: () => undefined,
});
