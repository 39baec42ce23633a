// AfterTool: after a tool ran (succeeded or failed); hooks replace the result with a reason or append context.

import { nativeResult, resultVerdict, UNAPPLIED } from "../../../dialect-kit/agent-hook.js";
import { blockReason, joined, textOf } from "../../../dialect-kit/messages.js";
import { toolResponse } from "../../../dialect-kit/tools.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";
import { geminiTools } from "../tools.js";

export const afterTool = bridged({
  name: "AfterTool",
  description:
    "After a tool call ran: replace its result with a reason (deny), or append context for the model.",
  native: "tool_result",
  matcher: "regex",
  matcherField: "tool_name",
  canBlock: true,
  canStop: true,
  tool: true,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input(event, { tool }) {
    const name = tool?.name ?? event.toolName;
    const input = tool?.input ?? event.input;
    const text = textOf(event.content);
    const response = tool
      ? toolResponse(geminiTools, tool, { input, text, details: event.details })
      : { llmContent: text, returnDisplay: text };
    return { tool_name: name, tool_input: input, tool_response: response };
  },
  asAgentHook: {
    event: (stdin) =>
      nativeResult(
        geminiTools,
        { name: stdin.tool_name, input: stdin.tool_input, id: undefined },
        stdin.tool_response,
        false,
      ),
    answer(result, event) {
      const verdict = resultVerdict(result, event);
      const unapplied: string[] = [];
      // A deny replaces the result with an error ("Tool result blocked: …"), not with the hook's text.
      if (verdict.content !== undefined) unapplied.push(UNAPPLIED.output);
      if (verdict.errorChanged) unapplied.push(UNAPPLIED.error);
      return {
        output: verdict.context
          ? { hookSpecificOutput: { hookEventName: "AfterTool", additionalContext: verdict.context } }
          : {},
        unapplied,
      };
    },
  },
  apply(outcome) {
    if (outcome.stop) {
      const reason = `Agent execution stopped by hook: ${outcome.stop.reason ?? "No reason provided"}`;
      return { content: [{ type: "text", text: reason }], isError: true };
    }
    if (outcome.blocks.length > 0) {
      const reason = `Tool result blocked: ${blockReason(outcome.blocks)}`;
      return { content: [{ type: "text", text: reason }], isError: true };
    }
    if (outcome.additionalContext.length === 0) return undefined;
    // Gemini CLI appends the joined context to the result inside <hook_context> tags.
    return {
      additionalContext: `<hook_context>${joined(outcome.additionalContext).replaceAll("\n\n", "\n")}</hook_context>`,
    };
  },
});
