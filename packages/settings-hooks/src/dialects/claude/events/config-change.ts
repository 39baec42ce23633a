// ConfigChange: when a settings file changes during the session. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const configChange = unbridged({
  name: "ConfigChange",
  description: "When a settings file changes during the session.",
  matcher: "regex",
  matcherField: "source",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire reads settings once per session and does not watch them.",
});
