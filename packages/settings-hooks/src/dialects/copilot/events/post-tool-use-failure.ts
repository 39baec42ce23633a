// postToolUseFailure: after a tool call failed; hooks add context for the model.

import { nativeResult, resultVerdict, UNAPPLIED } from "../../../dialect-kit/agent-hook.js";
import { textOf } from "../../../dialect-kit/messages.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";
import { copilotTools } from "../tools.js";

export const postToolUseFailure = bridged({
  name: "postToolUseFailure",
  description: "After a tool call failed: add context for the model.",
  native: "tool_result",
  onlyWhen: (event) => event.isError,
  matcher: "regex",
  matcherField: "toolName",
  canBlock: false,
  canStop: false,
  tool: true,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (event, { tool }) => ({
    toolName: tool?.name ?? event.toolName,
    toolArgs: tool?.input ?? event.input,
    error: textOf(event.content),
  }),
  asAgentHook: {
    event: (stdin) =>
      nativeResult(
        copilotTools,
        { name: stdin.toolName, input: stdin.toolArgs, id: undefined },
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
              hookSpecificOutput: { hookEventName: "postToolUseFailure", additionalContext: verdict.context },
            }
          : {},
        unapplied,
      };
    },
  },
  apply: (outcome) =>
    outcome.additionalContext.length > 0 ? { additionalContext: outcome.additionalContext } : undefined,
});
