// SubagentStop: when a subagent (Task tool) finishes: block to make it continue. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const subagentStop = unbridged({
  name: "SubagentStop",
  description: "When a subagent (Task tool) finishes: block to make it continue.",
  matcher: "regex",
  matcherField: "agent_type",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire hosts run no subagents of their own.",
});
