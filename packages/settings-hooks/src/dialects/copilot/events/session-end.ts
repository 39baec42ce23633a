// sessionEnd: when the session ends; hooks clean up or log.

import { commonAgentHook } from "../../../dialect-kit/agent-hook.js";
import { bridged } from "../define.js";

export const sessionEnd = bridged({
  name: "sessionEnd",
  description: "When the session ends: clean up or log; it cannot be stopped.",
  native: "session_shutdown",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  // Short: it delays shutdown.
  defaultTimeout: 5,
  session: [],
  input: () => ({ reason: "complete" }),
  asAgentHook: commonAgentHook.sessionEnd,
  apply: () => undefined,
});
