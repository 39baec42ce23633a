// SubagentStart: when a subagent (Task tool) starts. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const subagentStart = unbridged({
  name: "SubagentStart",
  description: "When a subagent (Task tool) starts.",
  matcher: "regex",
  matcherField: "agent_type",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire hosts run no subagents of their own.",
});
