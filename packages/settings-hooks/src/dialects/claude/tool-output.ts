// A PostToolUse hook's `updatedToolOutput` as content parts, when Claude Code would accept it for that tool.
import type { ContentPart } from "@hookwire/core";
import { claudeTools } from "./tools.js";

/**
 * `undefined` when Claude Code would ignore the value: on a built-in tool only an object in the tool's
 * own shape counts (Bash `{stdout, stderr}`, or `{output}`); on an MCP tool also a string or content parts.
 */
export function replacementContent(value: unknown, toolName: string): ContentPart[] | undefined {
  const free = claudeTools.freeOutput(toolName);
  if (typeof value === "string") return free ? [{ type: "text", text: value }] : undefined;
  if (Array.isArray(value)) {
    if (!free || !value.every((p) => typeof p?.type === "string")) return undefined;
    return value as ContentPart[];
  }
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.stdout === "string") {
    const stderr = typeof record.stderr === "string" && record.stderr !== "" ? `\n${record.stderr}` : "";
    return [{ type: "text", text: record.stdout + stderr }];
  }
  if (typeof record.output === "string") return [{ type: "text", text: record.output }];
  return [{ type: "text", text: JSON.stringify(value) }];
}
