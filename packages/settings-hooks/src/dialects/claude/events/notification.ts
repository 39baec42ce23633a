// Notification: when Claude Code sends a notification (permission prompt, idle). Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const notification = unbridged({
  name: "Notification",
  description: "When Claude Code sends a notification (permission prompt, idle).",
  matcher: "regex",
  matcherField: "notification_type",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire hosts notify through ui.notify, which is not an event hooks can observe.",
});
