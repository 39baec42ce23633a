// Permission-rule syntax shared by `if` fields and allow/ask/deny lists: `Tool` or `Tool(pattern)`.
import { ShellRulesError } from "./errors.js";

/** One parsed rule; `source` is the text it came from, kept for messages. */
export interface PermissionRule {
  tool: string;
  /** Absent for a bare tool name, `Tool(*)` and `Tool()` alike: every call of the tool. */
  pattern?: string;
  source: string;
}

// MCP names (`mcp__server__tool`), hyphens and `*` wildcards in the tool part.
const toolName = /^[A-Za-z0-9_*][A-Za-z0-9_\-.*]*$/;
const expected = 'expected "Tool" or "Tool(pattern)", e.g. "Bash", "Bash(git push *)", "Edit(*.ts)"';

/** Parses `Bash`, `Bash(git push *)`, `Edit(*.ts)`; throws `ShellRulesError` `HOOK_INVALID_RULE` saying what was expected. */
export function parseRule(text: string): PermissionRule {
  if (typeof text !== "string") {
    throw invalid(String(text), `${expected}, got ${typeof text}`);
  }
  const source = text;
  const trimmed = text.trim();
  if (trimmed === "") throw invalid(source, `${expected}, got an empty string`);
  const open = trimmed.indexOf("(");
  if (open === -1) {
    if (trimmed.includes(")")) throw invalid(source, `${expected}; found ")" without "("`);
    checkTool(trimmed, source);
    return { tool: trimmed, source };
  }
  const tool = trimmed.slice(0, open).trim();
  if (!trimmed.endsWith(")")) {
    throw invalid(source, `${expected}; the pattern must end with ")"`);
  }
  checkTool(tool, source);
  const pattern = trimmed.slice(open + 1, -1).trim();
  if (pattern === "" || pattern === "*") return { tool, source };
  return { tool, pattern, source };
}

function checkTool(tool: string, source: string): void {
  if (tool === "") throw invalid(source, `${expected}; the tool name before "(" is missing`);
  if (!toolName.test(tool)) {
    throw invalid(
      source,
      `${expected}; ${JSON.stringify(tool)} is not a tool name (letters, digits, "_", "-", "*")`,
    );
  }
}

function invalid(source: string, detail: string): ShellRulesError {
  return new ShellRulesError(
    "HOOK_INVALID_RULE",
    `Invalid permission rule ${JSON.stringify(source)}: ${detail}.`,
  );
}
