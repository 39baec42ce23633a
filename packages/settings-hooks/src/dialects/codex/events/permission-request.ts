// PermissionRequest: when Codex is about to ask for approval: allow or deny for the user. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const permissionRequest = unbridged({
  name: "PermissionRequest",
  description:
    "When a call needs approval (escalation, network): allow or deny before the reviewer is asked.",
  matcher: "regex",
  matcherField: "tool_name",
  matcherNames: /^[A-Za-z0-9_|]+$/,
  canBlock: true,
  canStop: false,
  tool: true,
  defaultTimeout: 600,
  unbridged:
    "hookwire has no native approval event: a host's own prompt runs after PreToolUse's verdict, and Codex's approval path (sandbox escalation) has no hookwire counterpart.",
});
