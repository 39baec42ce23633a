// Copilot CLI events no hookwire native event carries: validated and listed, never run.
import { DEFAULT_TIMEOUT, unbridged } from "../define.js";

const common = { canBlock: false, canStop: false, tool: false, defaultTimeout: DEFAULT_TIMEOUT } as const;

export const userPromptTransformed = unbridged({
  ...common,
  name: "userPromptTransformed",
  description: "After a prompt is turned into its model-facing form, before it enters history.",
  matcher: "none",
  unbridged: "hookwire has no model-facing prompt stage distinct from before_agent_start.",
});

export const preMcpToolCall = unbridged({
  ...common,
  name: "preMcpToolCall",
  description: "Before an MCP tool request is sent: adjust its _meta.",
  matcher: "none",
  unbridged: "hookwire hosts own their MCP clients; request metadata is theirs.",
});

export const errorOccurred = unbridged({
  ...common,
  name: "errorOccurred",
  description: "When a model call fails.",
  matcher: "none",
  unbridged: "hookwire's runner does not make model calls, so it has no model-error event.",
});

export const subagentStart = unbridged({
  ...common,
  name: "subagentStart",
  description: "When a subagent is spawned (cannot block).",
  matcher: "none",
  unbridged: "hookwire hosts run no subagents of their own.",
});

export const subagentStop = unbridged({
  ...common,
  name: "subagentStop",
  description: "When a subagent completes: block to make it continue.",
  matcher: "none",
  unbridged: "hookwire hosts run no subagents of their own.",
});

export const permissionRequest = unbridged({
  ...common,
  name: "permissionRequest",
  description: "Before the permission rules engine decides a tool call: allow or deny.",
  matcher: "regex",
  matcherField: "toolName",
  unbridged: "hookwire's permission step has no hook stage of its own; preToolUse verdicts go through it.",
});

export const notification = unbridged({
  ...common,
  name: "notification",
  description: "On system notifications (shell done, agent idle, permission prompts); never blocks.",
  matcher: "regex",
  matcherField: "notification_type",
  unbridged: "hookwire has no notification event; hosts notify through ctx.ui.",
});
