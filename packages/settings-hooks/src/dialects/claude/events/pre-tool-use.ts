// PreToolUse: before a tool runs; hooks block it, rewrite its input, or give a permission verdict.
import { HookError, type ToolCallEventResult } from "@hookwire/core";
import { callVerdict, nativeCall } from "../../../dialect-kit/agent-hook.js";
import { blockReason } from "../../../dialect-kit/messages.js";
import { missingFields, toNativeInput } from "../../../dialect-kit/tools.js";
import type { HookOutput } from "../../../protocol/output.js";
import { bridged, TURN_FIELDS } from "../define.js";
import { claudeTools } from "../tools.js";

export const preToolUse = bridged({
  name: "PreToolUse",
  description: "Before a tool call runs: block it, rewrite its input, or allow / ask / defer.",
  native: "tool_call",
  matcher: "regex",
  matcherField: "tool_name",
  canBlock: true,
  canStop: true,
  tool: true,
  permission: true,
  defaultTimeout: 600,
  session: TURN_FIELDS,
  input: (event, { tool }) => ({
    tool_name: tool?.name ?? event.toolName,
    tool_input: tool?.input ?? event.input,
    tool_use_id: event.toolCallId,
  }),
  asAgentHook: {
    asks: true,
    event: (stdin) => nativeCall(claudeTools, stdin.tool_name, stdin.tool_input, stdin.tool_use_id),
    answer(result, event) {
      const verdict = callVerdict(claudeTools, result, event);
      const specific: NonNullable<HookOutput["hookSpecificOutput"]> = { hookEventName: "PreToolUse" };
      if (verdict.decision) {
        specific.permissionDecision = verdict.decision;
        if (verdict.reason) specific.permissionDecisionReason = verdict.reason;
      }
      if (verdict.input) specific.updatedInput = verdict.input;
      if (verdict.context) specific.additionalContext = verdict.context;
      return { output: { hookSpecificOutput: specific }, unapplied: [] };
    },
  },
  apply(outcome, { event, fields, api, hookName }) {
    if (outcome.blocks.length > 0) {
      // A blocked call's only text for the model is the reason: context given with it travels there.
      const reason = [blockReason(outcome.blocks), ...outcome.additionalContext.map((t) => t.text)];
      return { block: true, reason: reason.join("\n") };
    }
    const result: ToolCallEventResult = {};
    if (outcome.additionalContext.length > 0) result.additionalContext = outcome.additionalContext;
    // `continue: false` does not stop this call: it runs, then the turn ends (the bridge aborted it).
    if (outcome.updatedInput) {
      result.input = toNativeInput(claudeTools, event.toolName, outcome.updatedInput);
      const missing = missingFields(claudeTools, event.toolName, outcome.updatedInput);
      if (missing.length > 0) {
        api.reportError(
          new HookError({
            code: "HOOK_INPUT_INCOMPLETE",
            hookPath: outcome.updatedInputBy ?? hookName,
            event: "PreToolUse",
            message:
              `updatedInput replaces the whole ${fields.tool_name} input and lacks ${missing.map((f) => `"${f}"`).join(", ")}; ` +
              "Claude Code would refuse this call. Return every field the tool needs (the original input is in tool_input).",
          }),
          "PreToolUse",
        );
      }
    }
    if (outcome.permission) {
      result.permission = outcome.permission.decision;
      if (outcome.permission.reason) result.reason = outcome.permission.reason;
    }
    return Object.keys(result).length > 0 ? result : undefined;
  },
});
