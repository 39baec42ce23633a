// postToolUse / postToolUseFailure and the specific after-events (shell, MCP, file edits): observe, add context.
import type { ToolResultEventResult } from "@hookwire/core";
import { nativeResult, resultVerdict, UNAPPLIED } from "../../../dialect-kit/agent-hook.js";
import { textOf } from "../../../dialect-kit/messages.js";
import type { HostOutcome } from "../../../dialect-kit/types.js";
import type { HookOutput } from "../../../protocol/output.js";
import { bridged, DEFAULT_TIMEOUT, isMcpTool } from "../define.js";
import { cursorTools } from "../tools.js";

const common = {
  native: "tool_result",
  canBlock: false,
  canStop: false,
  tool: true,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
} as const;

const observe = () => undefined;

/** What an event that only observes a finished call cannot carry. */
function observed(result: HostOutcome<"tool_result">): string[] {
  const outcome = result.outcome as { modified?: boolean; additionalContext?: unknown[] };
  const unapplied: string[] = [];
  if ((outcome.additionalContext?.length ?? 0) > 0 || result.messages.length > 0)
    unapplied.push(UNAPPLIED.context);
  if (outcome.modified) unapplied.push(UNAPPLIED.output);
  return unapplied;
}

/** Cursor's `tool_output` is a JSON string (`{"output": …}` as Cursor sends it); anything else stays as it came. */
function toolOutput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export const postToolUse = bridged({
  ...common,
  name: "postToolUse",
  description: "After a tool succeeded: add context for the model; replace an MCP tool's output.",
  onlyWhen: (event) => !event.isError,
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
  asAgentHook: {
    event: (stdin) =>
      nativeResult(
        cursorTools,
        { name: stdin.tool_name, input: stdin.tool_input, id: stdin.tool_use_id },
        toolOutput(stdin.tool_output),
        false,
      ),
    answer(result, event) {
      const verdict = resultVerdict(result, event);
      const specific: NonNullable<HookOutput["hookSpecificOutput"]> = { hookEventName: "postToolUse" };
      const unapplied: string[] = [];
      if (verdict.context) specific.additionalContext = verdict.context;
      if (verdict.content !== undefined) {
        if (isMcpTool(event.toolName)) specific.updatedToolOutput = verdict.content;
        else unapplied.push(UNAPPLIED.output);
      }
      if (verdict.errorChanged) unapplied.push(UNAPPLIED.error);
      return { output: { hookSpecificOutput: specific }, unapplied };
    },
  },
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
  onlyWhen: (event) => event.isError,
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
  asAgentHook: {
    event: (stdin) =>
      nativeResult(
        cursorTools,
        { name: stdin.tool_name, input: stdin.tool_input, id: stdin.tool_use_id },
        stdin.error_message,
        true,
      ),
    answer: (result) => ({ output: {}, unapplied: observed(result) }),
  },
  apply: observe,
});

export const afterShellExecution = bridged({
  ...common,
  name: "afterShellExecution",
  description: "After a shell command ran: observe its output.",
  onlyWhen: (event) => event.toolName === "bash",
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
  onlyWhen: (event) => isMcpTool(event.toolName),
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
  onlyWhen: (event) => !event.isError && (event.toolName === "write" || event.toolName === "edit"),
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
