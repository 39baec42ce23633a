// PermissionDenied: when a tool call was denied by the auto-mode classifier. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const permissionDenied = unbridged({
  name: "PermissionDenied",
  description: "When a tool call was denied by the auto-mode classifier.",
  matcher: "regex",
  matcherField: "tool_name",
  canBlock: false,
  canStop: false,
  tool: true,
  defaultTimeout: 600,
  unbridged:
    "hookwire has no permission classifier; a denied call is a blocked tool_call, which PreToolUse already sees.",
});
