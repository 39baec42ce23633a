// One tool call through HookToolWrapper with a stand-in tool, and what came of it.
import type { ContentPart, HookRunner, ToolDefinition, ToolResult } from "@hookwire/core";
import { HookToolWrapper, type HookToolWrapperOptions } from "@hookwire/tool-wrapper";

export interface ToolCallOptions extends HookToolWrapperOptions {
  /** What the stand-in tool returns: text, content parts, a full result, or a function of its input. Default: echo the input as JSON. */
  result?:
    | string
    | ContentPart[]
    | ToolResult
    | ((input: Record<string, unknown>) => ToolResult | Promise<ToolResult>);
  /** A real tool to run instead of the stand-in. */
  tool?: ToolDefinition;
  toolCallId?: string;
}

export interface ToolCallReport {
  /** The result the model would see (after tool_result hooks), when the call went through. */
  result?: ToolResult;
  /** What the call threw: a block or deferral from the hooks, or the tool's own failure. */
  error?: Error & { code?: string; hookPath?: string; reason?: string };
  /** A hook or rule blocked the call (`TOOL_BLOCKED`). */
  blocked: boolean;
  /** The input the tool ran with (after rewrites); `undefined` when it never ran. */
  executedWith?: Record<string, unknown>;
}

function standIn(
  name: string,
  result: ToolCallOptions["result"],
  seen: (input: Record<string, unknown>) => void,
): ToolDefinition {
  return {
    name,
    description: `Stand-in for ${name}`,
    parameters: {},
    async execute(_id, params) {
      seen(params);
      if (typeof result === "function") return result(params);
      if (typeof result === "string") return { content: [{ type: "text", text: result }] };
      if (Array.isArray(result)) return { content: result };
      return result ?? { content: [{ type: "text", text: JSON.stringify(params) }] };
    },
  };
}

export async function runToolCall(
  runner: HookRunner,
  toolName: string,
  input: Record<string, unknown>,
  options: ToolCallOptions = {},
): Promise<ToolCallReport> {
  const { result, tool, toolCallId = "test-call", ...wrapperOptions } = options;
  let executedWith: Record<string, unknown> | undefined;
  const seen = (params: Record<string, unknown>) => {
    executedWith = params;
  };
  const inner: ToolDefinition = tool
    ? {
        ...tool,
        execute: (id, params, ...rest) => {
          seen(params);
          return tool.execute(id, params, ...rest);
        },
      }
    : standIn(toolName, result, seen);
  const wrapped = new HookToolWrapper(inner, runner, wrapperOptions);
  try {
    const output = await wrapped.execute(toolCallId, input);
    return { result: output, blocked: false, executedWith };
  } catch (thrown) {
    const error = thrown as ToolCallReport["error"] & Error;
    return { error, blocked: error?.code === "TOOL_BLOCKED", executedWith };
  }
}
