// PostToolUseFailure: after a tool call failed; hooks add context for the model.

import { nativeResult, resultVerdict, UNAPPLIED } from "../../../dialect-kit/agent-hook.js";
import { textOf } from "../../../dialect-kit/messages.js";
import { cutErrorText } from "../../../large-output.js";
import { bridged, TURN_FIELDS } from "../define.js";
import { claudeTools } from "../tools.js";

export const postToolUseFailure = bridged({
  name: "PostToolUseFailure",
  description: "After a tool call failed: add context for the model.",
  native: "tool_result",
  emitAs: { isError: true },
  onlyWhen: (event) => event.isError,
  matcher: "regex",
  matcherField: "tool_name",
  canBlock: true,
  canStop: true,
  tool: true,
  defaultTimeout: 600,
  session: TURN_FIELDS,
  input: (event, { tool, toolDurationMs, largeOutput }) => ({
    tool_name: tool?.name ?? event.toolName,
    tool_input: tool?.input ?? event.input,
    tool_use_id: event.toolCallId,
    // A long error as Claude Code hands it over: a Bash error cut as its output is, then in the middle.
    error: largeOutput
      ? cutErrorText(textOf(event.content), largeOutput.limits, (tool?.name ?? event.toolName) === "Bash")
      : textOf(event.content),
    is_interrupt: false,
    duration_ms: toolDurationMs ?? 0,
  }),
  asAgentHook: {
    event: (stdin) =>
      nativeResult(
        claudeTools,
        { name: stdin.tool_name, input: stdin.tool_input, id: stdin.tool_use_id },
        stdin.error,
        true,
      ),
    answer(result, event) {
      const verdict = resultVerdict(result, event);
      const unapplied: string[] = [];
      if (verdict.content !== undefined) unapplied.push(UNAPPLIED.output);
      if (verdict.errorChanged) unapplied.push(UNAPPLIED.error);
      return {
        output: verdict.context
          ? {
              hookSpecificOutput: { hookEventName: "PostToolUseFailure", additionalContext: verdict.context },
            }
          : {},
        unapplied,
      };
    },
  },
  apply(outcome) {
    // A failed call has no output to replace; blocks reach the model as context, as in PostToolUse.
    const context = [...outcome.additionalContext, ...outcome.blocks];
    return context.length > 0 ? { additionalContext: context } : undefined;
  },
});
