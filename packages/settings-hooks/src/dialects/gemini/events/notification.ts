// Notification: when Gemini CLI raises an alert (a tool permission prompt). Not run by hookwire (see `unbridged`).
import { DEFAULT_TIMEOUT, unbridged } from "../define.js";

export const notification = unbridged({
  name: "Notification",
  description: "When Gemini CLI raises an alert (a tool asks for permission); observability only.",
  matcher: "exact",
  matcherField: "notification_type",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  unbridged:
    "hookwire hosts notify through ui.notify and ask through ui.confirm, neither an event hooks can observe.",
});
