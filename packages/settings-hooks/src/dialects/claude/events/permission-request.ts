// PermissionRequest: when Claude Code is about to show a permission dialog: allow or deny for the user. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const permissionRequest = unbridged({
  name: "PermissionRequest",
  description: "When Claude Code is about to show a permission dialog: allow or deny for the user.",
  matcher: "regex",
  matcherField: "tool_name",
  canBlock: true,
  canStop: false,
  tool: true,
  defaultTimeout: 600,
  unbridged:
    "hookwire has no native permission-dialog event: a host's own prompt runs after PreToolUse's verdict.",
});
