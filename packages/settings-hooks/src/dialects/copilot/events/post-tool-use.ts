// postToolUse: after a tool call succeeded; hooks replace the result or add context.
import type { ToolResultEventResult } from "@hookwire/core";
import { nativeResult, resultVerdict, UNAPPLIED } from "../../../dialect-kit/agent-hook.js";
import { textOf } from "../../../dialect-kit/messages.js";
import { toolResponse } from "../../../dialect-kit/tools.js";
import type { HookOutput } from "../../../protocol/output.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";
import { copilotTools } from "../tools.js";

export const postToolUse = bridged({
  name: "postToolUse",
  description: "After a tool call succeeded: replace what the model sees (modifiedResult), or add context.",
  native: "tool_result",
  onlyWhen: (event) => !event.isError,
  matcher: "regex",
  matcherField: "toolName",
  // Exit 2 has no effect here (observed).
  canBlock: false,
  canStop: false,
  tool: true,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input(event, { tool }) {
    const input = tool?.input ?? event.input;
    const text = textOf(event.content);
    const toolResult = tool
      ? toolResponse(copilotTools, tool, { input, text, details: event.details })
      : { resultType: "success", textResultForLlm: text };
    return { toolName: tool?.name ?? event.toolName, toolArgs: input, toolResult };
  },
  asAgentHook: {
    event: (stdin) =>
      nativeResult(
        copilotTools,
        { name: stdin.toolName, input: stdin.toolArgs, id: undefined },
        stdin.toolResult,
        false,
      ),
    answer(result, event) {
      const verdict = resultVerdict(result, event);
      const specific: NonNullable<HookOutput["hookSpecificOutput"]> = { hookEventName: "postToolUse" };
      if (verdict.content !== undefined) specific.updatedToolOutput = { output: verdict.content };
      if (verdict.context) specific.additionalContext = verdict.context;
      return {
        output: { hookSpecificOutput: specific },
        unapplied: verdict.errorChanged ? [UNAPPLIED.error] : [],
      };
    },
  },
  apply(outcome) {
    const result: ToolResultEventResult = {};
    if (outcome.additionalContext.length > 0) result.additionalContext = outcome.additionalContext;
    const value = outcome.updatedToolOutput?.value as { output?: unknown } | undefined;
    if (typeof value?.output === "string") result.content = [{ type: "text", text: value.output }];
    return Object.keys(result).length > 0 ? result : undefined;
  },
});
