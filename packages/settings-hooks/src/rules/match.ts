// Whether a tool call matches a permission rule, for `if` fields (any sub-command) and allow lists (all of them).
import { homedir } from "node:os";
import { settingsToolName, toSettingsTool } from "../tool-names.js";
import { bashCommands } from "./bash-commands.js";
import { matchesPathPattern } from "./file-paths.js";
import type { PermissionRule } from "./parse.js";
import { matchesWildcard } from "./wildcard.js";

export interface ToolCall {
  /** Native (`bash`) or Claude-Code (`Bash`) name; the input is read in the matching shape. */
  toolName: string;
  input: Record<string, unknown>;
  cwd: string;
}

export interface MatchOptions {
  /**
   * `"any"` (default; deny/ask rules and `if`): one matching sub-command is enough, dynamic commands match
   * patterns that name more than the command, unparsable commands match. `"all"` (allow rules): every
   * sub-command must match, nothing dynamic, unparsable commands do not match.
   */
  mode?: "any" | "all";
  /** For `~/` patterns; defaults to the user's home folder. */
  home?: string;
}

// Claude-Code semantics: Read rules also cover the tools that read files, Edit rules the ones that change them.
const ruleFamilies: Readonly<Record<string, readonly string[]>> = {
  Read: ["Read", "Grep", "Glob", "NotebookRead"],
  Edit: ["Edit", "Write", "MultiEdit", "NotebookEdit"],
};
const fileTools = new Set(Object.values(ruleFamilies).flat());
const pathFields = ["file_path", "notebook_path", "path"] as const;
const searchTools = new Set(["Grep", "Glob"]);

export function matchesRule(rule: PermissionRule, call: ToolCall, options?: MatchOptions): boolean {
  const mode = options?.mode ?? "any";
  const { tool_name: toolName, tool_input: input } = toSettingsTool(call.toolName, call.input);
  const callTool = settingsToolName(toolName);
  const ruleTool = settingsToolName(rule.tool);
  if (!toolNameMatches(ruleTool, callTool)) return false;
  if (rule.pattern === undefined) return true;
  if (callTool === "Bash") return matchesBash(rule.pattern, input.command, mode);
  if (fileTools.has(callTool)) {
    const path = pathOf(callTool, input, call.cwd);
    return (
      path !== undefined &&
      matchesPathPattern(rule.pattern, path, { cwd: call.cwd, home: options?.home ?? homedir() })
    );
  }
  return matchesWildcard(rule.pattern, primaryValue(callTool, rule.pattern, input));
}

function toolNameMatches(ruleTool: string, callTool: string): boolean {
  if (ruleTool === callTool) return true;
  if (Object.hasOwn(ruleFamilies, ruleTool) && ruleFamilies[ruleTool]!.includes(callTool)) return true;
  // `mcp__server` names every tool of that server.
  if (/^mcp__[^_]+(?:_[^_]+)*$/.test(ruleTool) && callTool.startsWith(`${ruleTool}__`)) return true;
  return ruleTool.includes("*") && matchesWildcard(ruleTool, callTool);
}

/** A pattern such as `git push *` says more than which program runs; `rm *` and `rm` do not. */
function namesMoreThanCommand(pattern: string): boolean {
  const body = pattern.endsWith(" *") || pattern.endsWith(":*") ? pattern.slice(0, -2) : pattern;
  return /\s/.test(body.trim());
}

function matchesBash(pattern: string, command: unknown, mode: "any" | "all"): boolean {
  if (typeof command !== "string") return mode === "any";
  const analysis = bashCommands(command);
  if (!analysis.parsed) return mode === "any";
  if (mode === "all") {
    return (
      !analysis.dynamic &&
      analysis.commands.length > 0 &&
      analysis.commands.every((sub) => matchesWildcard(pattern, sub))
    );
  }
  if (analysis.dynamic && namesMoreThanCommand(pattern)) return true;
  return analysis.commands.some((sub) => matchesWildcard(pattern, sub));
}

function pathOf(tool: string, input: Record<string, unknown>, cwd: string): string | undefined {
  for (const field of pathFields) {
    const value = input[field];
    if (typeof value === "string" && value !== "") return value;
  }
  // Grep and Glob search the working directory when no path is given.
  return searchTools.has(tool) ? cwd : undefined;
}

/**
 * The value a non-file, non-Bash pattern is matched against: WebFetch `domain:host` → the URL's host name,
 * WebFetch → url, WebSearch → query, Task/Agent → subagent_type, Skill → skill; any other tool → its input as JSON.
 */
function primaryValue(tool: string, pattern: string, input: Record<string, unknown>): string {
  const field = (name: string): string | undefined =>
    typeof input[name] === "string" ? (input[name] as string) : undefined;
  switch (tool) {
    case "WebFetch": {
      const url = field("url") ?? "";
      if (!pattern.startsWith("domain:")) return url;
      try {
        return `domain:${new URL(url).hostname}`;
      } catch {
        return "";
      }
    }
    case "WebSearch":
      return field("query") ?? "";
    case "Task":
    case "Agent":
      return field("subagent_type") ?? "";
    case "Skill":
      return field("skill") ?? field("command") ?? "";
    default:
      return JSON.stringify(input);
  }
}
