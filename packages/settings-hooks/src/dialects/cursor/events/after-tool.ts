// postToolUse / postToolUseFailure and the specific after-events (shell, MCP, file edits): observe, add context.
import type { ToolResultEventResult } from "@hookwire/core";
import { textOf } from "../../../dialect/messages.js";
import { bridged, DEFAULT_TIMEOUT, isMcpTool } from "../define.js";

const common = {
  native: "tool_result",
  canBlock: false,
  canStop: false,
  tool: true,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
} as const;

const observe = () => undefined;

export const postToolUse = bridged({
  ...common,
  name: "postToolUse",
  description: "After a tool succeeded: add context for the model; replace an MCP tool's output.",
  fires: (event) => !event.isError,
  matcher: "regex",
  matcherField: "tool_name",
  input: (event, { tool, cwd, toolDurationMs }) => ({
    tool_name: tool?.name ?? event.toolName,
    tool_input: tool?.input ?? event.input,
    tool_output: JSON.stringify({ output: textOf(event.content) }),
    tool_use_id: event.toolCallId,
    cwd,
    duration: toolDurationMs ?? 0,
  }),
  apply(outcome, { event }) {
    const result: ToolResultEventResult = {};
    if (outcome.additionalContext.length > 0) result.additionalContext = outcome.additionalContext;
    // Only an MCP tool's output may be replaced (updated_mcp_tool_output).
    const value = outcome.updatedToolOutput?.value;
    if (value !== undefined && isMcpTool(event.toolName)) {
      result.content = [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value) }];
    }
    return Object.keys(result).length > 0 ? result : undefined;
  },
});

export const postToolUseFailure = bridged({
  ...common,
  name: "postToolUseFailure",
  description: "After a tool failed, timed out or was denied: observe (error tracking).",
  fires: (event) => event.isError,
  matcher: "regex",
  matcherField: "tool_name",
  input: (event, { tool, cwd, toolDurationMs }) => ({
    tool_name: tool?.name ?? event.toolName,
    tool_input: tool?.input ?? event.input,
    tool_use_id: event.toolCallId,
    cwd,
    error_message: textOf(event.content),
    failure_type: "error",
    duration: toolDurationMs ?? 0,
    is_interrupt: false,
  }),
  apply: observe,
});

export const afterShellExecution = bridged({
  ...common,
  name: "afterShellExecution",
  description: "After a shell command ran: observe its output.",
  fires: (event) => event.toolName === "bash",
  matcher: "none",
  input: (event, { toolDurationMs }) => ({
    command: String(event.input.command ?? ""),
    output: textOf(event.content),
    duration: toolDurationMs ?? 0,
    sandbox: false,
  }),
  apply: observe,
});

export const afterMCPExecution = bridged({
  ...common,
  name: "afterMCPExecution",
  description: "After an MCP tool ran: observe its input and result.",
  fires: (event) => isMcpTool(event.toolName),
  matcher: "none",
  input: (event, { toolDurationMs }) => ({
    tool_name: event.toolName,
    tool_input: JSON.stringify(event.input),
    result_json: JSON.stringify({ content: event.content }),
    duration: toolDurationMs ?? 0,
  }),
  apply: observe,
});

export const afterFileEdit = bridged({
  ...common,
  name: "afterFileEdit",
  description: "After the agent wrote or edited a file: observe (formatters, accounting).",
  fires: (event) => !event.isError && (event.toolName === "write" || event.toolName === "edit"),
  matcher: "none",
  input(event, { tool }) {
    const input = tool?.input ?? {};
    const edit =
      event.toolName === "write"
        ? { old_string: "", new_string: String(input.contents ?? "") }
        : { old_string: String(input.old_string ?? ""), new_string: String(input.new_string ?? "") };
    return { file_path: input.file_path, edits: [edit] };
  },
  apply: observe,
});
