// Cursor events no hookwire native event carries: validated and listed, never run.
import { DEFAULT_TIMEOUT, unbridged } from "../define.js";

const common = {
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  matcher: "none",
} as const;

export const subagentStart = unbridged({
  ...common,
  name: "subagentStart",
  description: "Before a subagent (Task tool) starts: allow or deny it.",
  unbridged: "hookwire hosts run no subagents of their own.",
});

export const subagentStop = unbridged({
  ...common,
  name: "subagentStop",
  description: "When a subagent finishes: followup_message continues it.",
  unbridged: "hookwire hosts run no subagents of their own.",
});

export const afterAgentThought = unbridged({
  ...common,
  name: "afterAgentThought",
  description: "After the agent completed a thinking block.",
  unbridged: "hookwire has no event for thinking blocks.",
});

export const beforeTabFileRead = unbridged({
  ...common,
  name: "beforeTabFileRead",
  description: "Before Tab (inline completions) reads a file.",
  unbridged: "Tab completions are an editor feature, not part of an agent loop.",
});

export const afterTabFileEdit = unbridged({
  ...common,
  name: "afterTabFileEdit",
  description: "After Tab (inline completions) edited a file.",
  unbridged: "Tab completions are an editor feature, not part of an agent loop.",
});
