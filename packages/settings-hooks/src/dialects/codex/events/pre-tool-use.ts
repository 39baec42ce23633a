// PreToolUse: before a tool runs; hooks block it (with a reason), rewrite its input, or add context.
import type { ToolCallEventResult } from "@hookwire/core";
import { callVerdict, nativeCall } from "../../../dialect-kit/agent-hook.js";
import { blockReason } from "../../../dialect-kit/messages.js";
import { toNativeInput } from "../../../dialect-kit/tools.js";
import type { HookOutput } from "../../../protocol/output.js";
import { bridged, modelField, TURN_FIELDS } from "../define.js";
import { codexTools } from "../tools.js";

export const preToolUse = bridged({
  name: "PreToolUse",
  description: "Before a tool call runs: block it, rewrite its input, or add context for the model.",
  native: "tool_call",
  matcher: "regex",
  matcherField: "tool_name",
  matcherNames: /^[A-Za-z0-9_|]+$/,
  canBlock: true,
  // Codex refuses `continue: false` here (the whole answer is ignored): the protocol drops it.
  canStop: false,
  tool: true,
  permission: true,
  defaultTimeout: 600,
  session: TURN_FIELDS,
  input: (event, { tool, hook }) => ({
    ...modelField(hook),
    tool_name: tool?.name ?? event.toolName,
    tool_input: tool?.input ?? event.input,
    tool_use_id: event.toolCallId,
  }),
  asAgentHook: {
    event: (stdin) => nativeCall(codexTools, stdin.tool_name, stdin.tool_input, stdin.tool_use_id),
    answer(result, event) {
      const verdict = callVerdict(codexTools, result, event);
      const specific: NonNullable<HookOutput["hookSpecificOutput"]> = { hookEventName: "PreToolUse" };
      // Codex cannot ask its user from a hook: a question without anyone to answer it is a refusal.
      if (verdict.decision === "deny" || verdict.decision === "ask") {
        specific.permissionDecision = "deny";
        specific.permissionDecisionReason =
          verdict.decision === "ask" ? `${verdict.reason} (Codex cannot ask here; refused)` : verdict.reason;
      } else if (verdict.input) {
        // Codex takes a rewrite only together with an allow.
        specific.permissionDecision = "allow";
        specific.updatedInput = verdict.input;
      }
      if (verdict.context) specific.additionalContext = verdict.context;
      return { output: { hookSpecificOutput: specific }, unapplied: [] };
    },
  },
  apply(outcome, { event }) {
    if (outcome.blocks.length > 0) {
      // Codex tells the model why the command did not run, and still delivers the context hooks gave.
      const reason = [blockReason(outcome.blocks), ...outcome.additionalContext.map((t) => t.text)];
      return { block: true, reason: reason.join("\n") };
    }
    const result: ToolCallEventResult = {};
    if (outcome.additionalContext.length > 0) result.additionalContext = outcome.additionalContext;
    if (outcome.updatedInput) result.input = toNativeInput(codexTools, event.toolName, outcome.updatedInput);
    return Object.keys(result).length > 0 ? result : undefined;
  },
});
