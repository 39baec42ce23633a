// Native tool names, inputs and results ↔ the Claude-Code names, fields and tool_response shapes settings hooks see.
// The table is Claude Code's (tools.ts); these are its shorthands for hosts and the CLI.
import {
  dialectToolName,
  missingFields,
  toDialectCall,
  toNativeInput,
  toolResponse,
} from "../../dialect-kit/tools.js";
import type { NativeResult } from "../../dialect-kit/types.js";
import { claudeTools } from "./tools.js";

export type { NativeResult };

/**
 * The Claude-Code name and input of a native call (`read {path}` → `Read {file_path}`). Fields without a
 * counterpart and tools without a mapping (MCP tools, custom tools) pass through unchanged.
 */
export function toSettingsTool(
  toolName: string,
  input: Record<string, unknown>,
  options: { cwd?: string } = {},
): { tool_name: string; tool_input: Record<string, unknown> } {
  const call = toDialectCall(claudeTools, toolName, input, options.cwd);
  return { tool_name: call.name, tool_input: call.input };
}

/** Claude Code's `tool_response` for a native call's result; tools without a mapping get `{output, details}`. */
export function toSettingsResponse(toolName: string, result: NativeResult): unknown {
  return toolResponse(claudeTools, toDialectCall(claudeTools, toolName, {}), result);
}

/**
 * Native field names for a settings-shaped input, typically a hook's `updatedInput`. `toolName` may be either
 * name of the tool. Only the fields present are translated: the result is as partial as the input.
 */
export function fromSettingsInput(
  toolName: string,
  settingsInput: Record<string, unknown>,
): Record<string, unknown> {
  return toNativeInput(claudeTools, toolName, settingsInput);
}

/** The required fields (settings names) a settings-shaped input lacks; unknown tools: none. */
export function missingRequiredFields(toolName: string, settingsInput: Record<string, unknown>): string[] {
  return missingFields(claudeTools, toolName, settingsInput);
}

/** The Claude-Code name of a tool given either of its names (`bash`, `Bash`, `BASH` → `Bash`); others unchanged. */
export function settingsToolName(toolName: string): string {
  return dialectToolName(claudeTools, toolName);
}

/** Whether two names denote the same tool: `bash` and `Bash` do; unmapped names must be equal. */
export function sameTool(a: string, b: string): boolean {
  return a === b || settingsToolName(a) === settingsToolName(b);
}
