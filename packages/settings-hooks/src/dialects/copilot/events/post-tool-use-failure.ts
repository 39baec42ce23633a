// postToolUseFailure: after a tool call failed; hooks add context for the model.
import { textOf } from "../../../dialect/messages.js";
import { bridged, DEFAULT_TIMEOUT } from "../define.js";

export const postToolUseFailure = bridged({
  name: "postToolUseFailure",
  description: "After a tool call failed: add context for the model.",
  native: "tool_result",
  fires: (event) => event.isError,
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
  apply: (outcome) =>
    outcome.additionalContext.length > 0 ? { additionalContext: outcome.additionalContext } : undefined,
});
