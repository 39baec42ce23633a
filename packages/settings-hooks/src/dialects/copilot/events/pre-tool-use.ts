// preToolUse: before a tool runs; hooks deny it (fail-closed), rewrite its arguments, or add context.
import { HookError, type ToolCallEventResult } from "@hookwire/core";
import { callVerdict, nativeCall } from "../../../dialect-kit/agent-hook.js";
import { blockReason } from "../../../dialect-kit/messages.js";
import { missingFields, toNativeInput } from "../../../dialect-kit/tools.js";
import type { HookOutput } from "../../../protocol/output.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";
import { copilotTools } from "../tools.js";

export const preToolUse = bridged({
  name: "preToolUse",
  description: "Before a tool call runs: deny it, allow it, rewrite its arguments, or add context.",
  native: "tool_call",
  // Copilot honours a `matcher` on native handlers too (observed): a regex over the tool name.
  matcher: "regex",
  matcherField: "toolName",
  canBlock: true,
  canStop: false,
  tool: true,
  permission: true,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (event, { tool }) => ({
    toolName: tool?.name ?? event.toolName,
    toolArgs: tool?.input ?? event.input,
  }),
  asAgentHook: {
    asks: true,
    event: (stdin) => nativeCall(copilotTools, stdin.toolName, parsedArgs(stdin.toolArgs), undefined),
    answer(result, event) {
      const verdict = callVerdict(copilotTools, result, event);
      const specific: NonNullable<HookOutput["hookSpecificOutput"]> = { hookEventName: "preToolUse" };
      // Copilot has no "defer": the agent's own permission step decides anyway.
      if (verdict.decision === "deny" || verdict.decision === "ask") {
        specific.permissionDecision = verdict.decision;
        if (verdict.reason) specific.permissionDecisionReason = verdict.reason;
      }
      if (verdict.input) specific.updatedInput = verdict.input;
      if (verdict.context) specific.additionalContext = verdict.context;
      return { output: { hookSpecificOutput: specific }, unapplied: [] };
    },
  },
  apply(outcome, { event, fields, api, hookName }) {
    // Copilot's words, so a model trained on it reads the same: "Denied by preToolUse hook: <reason>".
    if (outcome.blocks.length > 0)
      return { block: true, reason: `Denied by preToolUse hook: ${blockReason(outcome.blocks)}` };
    const result: ToolCallEventResult = {};
    if (outcome.additionalContext.length > 0) result.additionalContext = outcome.additionalContext;
    if (outcome.updatedInput) {
      // `modifiedArgs` replaces the arguments it names; the rest stay as the model sent them.
      const merged = { ...(fields.toolArgs as Record<string, unknown>), ...outcome.updatedInput };
      result.input = toNativeInput(copilotTools, event.toolName, merged);
      const missing = missingFields(copilotTools, event.toolName, merged);
      if (missing.length > 0) {
        api.reportError(
          new HookError({
            code: "HOOK_INPUT_INCOMPLETE",
            hookPath: outcome.updatedInputBy ?? hookName,
            event: "preToolUse",
            message: `modifiedArgs leaves ${fields.toolName} without ${missing.map((f) => `"${f}"`).join(", ")}.`,
          }),
          "preToolUse",
        );
      }
    }
    if (outcome.permission) {
      result.permission = outcome.permission.decision;
      const reason = outcome.permission.reason ?? "No reason provided";
      result.reason = `Denied by preToolUse hook (unable to ask user for confirmation): ${reason}`;
    }
    return Object.keys(result).length > 0 ? result : undefined;
  },
});

/** Copilot sends `toolArgs` as an object (observed); a JSON string is read too. */
function parsedArgs(args: unknown): unknown {
  if (typeof args !== "string") return args;
  try {
    return JSON.parse(args);
  } catch {
    return {};
  }
}
