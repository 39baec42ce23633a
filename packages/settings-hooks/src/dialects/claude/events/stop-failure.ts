// StopFailure: when a turn ends because of an API error. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const stopFailure = unbridged({
  name: "StopFailure",
  description: "When a turn ends because of an API error.",
  matcher: "regex",
  matcherField: "error",
  // Claude Code reads hyphens, spaces and commas in this matcher as regex text.
  matcherNames: /^[A-Za-z0-9_|]+$/,
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire's agent_end does not say whether the turn failed.",
});
