// SubagentStart: when Codex starts a subagent thread. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const subagentStart = unbridged({
  name: "SubagentStart",
  description: "When a subagent thread starts: add context for it.",
  matcher: "regex",
  matcherField: "agent_type",
  matcherNames: /^[A-Za-z0-9_|]+$/,
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire hosts run no subagents of their own.",
});
