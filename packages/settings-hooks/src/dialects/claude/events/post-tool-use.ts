// PostToolUse: after a tool call succeeded; hooks add context for the model or replace the output.
import type { ToolResultEventResult } from "@hookwire/core";
import { nativeResult, resultVerdict, UNAPPLIED } from "../../../dialect-kit/agent-hook.js";
import { textOf } from "../../../dialect-kit/messages.js";
import { toolResponse } from "../../../dialect-kit/tools.js";
import { boundedResponse } from "../../../large-output.js";
import type { HookOutput } from "../../../protocol/output.js";
import { bridged, TURN_FIELDS } from "../define.js";
import { replacementContent } from "../tool-output.js";
import { claudeTools } from "../tools.js";

export const postToolUse = bridged({
  name: "PostToolUse",
  description: "After a tool call succeeded: add context for the model, or replace the tool's output.",
  native: "tool_result",
  emitAs: { isError: false },
  onlyWhen: (event) => !event.isError,
  matcher: "regex",
  matcherField: "tool_name",
  canBlock: true,
  canStop: true,
  tool: true,
  defaultTimeout: 600,
  session: TURN_FIELDS,
  input(event, { tool, toolDurationMs, largeOutput }) {
    const name = tool?.name ?? event.toolName;
    const input = tool?.input ?? event.input;
    const text = textOf(event.content);
    const response = tool
      ? toolResponse(claudeTools, tool, { input, text, details: event.details })
      : undefined;
    return {
      tool_name: name,
      tool_input: input,
      // A large Bash output as Claude Code hands it over: stdout cut, the whole output in a file it names.
      tool_response: largeOutput
        ? boundedResponse(response, text, largeOutput.limits, () => largeOutput.save(text))
        : response,
      tool_use_id: event.toolCallId,
      duration_ms: toolDurationMs ?? 0,
    };
  },
  asAgentHook: {
    event: (stdin) =>
      nativeResult(
        claudeTools,
        { name: stdin.tool_name, input: stdin.tool_input, id: stdin.tool_use_id },
        stdin.tool_response,
        false,
      ),
    answer(result, event) {
      const verdict = resultVerdict(result, event);
      const specific: NonNullable<HookOutput["hookSpecificOutput"]> = { hookEventName: "PostToolUse" };
      if (verdict.context) specific.additionalContext = verdict.context;
      // A built-in tool's output is replaced only in the tool's own shape (see replacementContent).
      if (verdict.content !== undefined) {
        specific.updatedToolOutput = claudeTools.freeOutput(String(event.toolName))
          ? verdict.content
          : event.toolName === "bash"
            ? { stdout: verdict.content, stderr: "" }
            : { output: verdict.content };
      }
      // Claude Code 2.1.332 keeps the tool's own output for the model when a project's hook replaces it (measured:
      // integration/hosts capabilities.json): the field is still sent, and the replacement said to be dropped.
      const unapplied: string[] = verdict.content !== undefined ? [UNAPPLIED.output] : [];
      if (verdict.errorChanged) unapplied.push(UNAPPLIED.error);
      return { output: { hookSpecificOutput: specific }, unapplied };
    },
  },
  apply(outcome, { fields }) {
    const result: ToolResultEventResult = {};
    // A PostToolUse block cannot undo the call: its reason goes to the model with the result.
    const context = [...outcome.additionalContext, ...outcome.blocks];
    if (context.length > 0) result.additionalContext = context;
    const replaced = outcome.updatedToolOutput
      ? replacementContent(outcome.updatedToolOutput.value, fields.tool_name)
      : undefined;
    if (replaced) result.content = replaced;
    return Object.keys(result).length > 0 ? result : undefined;
  },
});
