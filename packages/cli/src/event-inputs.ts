// What `emit --input` may hold per event (one table) and the check that names each misfit: JSON path, expected, fix.
import type { HookEventName } from "@hookwire/core";
import { didYouMean } from "@hookwire/core/internal";
import { claude, tooling } from "@hookwire/settings-hooks";
import { CliUsageError } from "./errors.js";

const { findTool } = tooling;

type FieldType = "string" | "number" | "boolean" | "object" | "array" | "any";

interface InputShape {
  /** Every field the CLI reads for the event, native and settings spellings. */
  fields: Record<string, FieldType>;
  /** The event is about a tool call: `toolName` (native) or `tool_name` (a dialect's) is required. */
  tool?: true;
  /** What a working --input looks like, for the fix. */
  example: string;
}

const TOOL_FIELDS = {
  toolName: "string",
  toolCallId: "string",
  input: "object",
  tool_name: "string",
  tool_input: "object",
  tool_use_id: "string",
} as const satisfies Record<string, FieldType>;

// The events `buildEvent` reads fields of; the others take their fields as given.
const SHAPES: Partial<Record<HookEventName, InputShape>> = {
  tool_call: {
    fields: TOOL_FIELDS,
    tool: true,
    example: `'{"toolName":"bash","input":{"command":"git push --force"}}'`,
  },
  tool_result: {
    fields: {
      ...TOOL_FIELDS,
      content: "any",
      details: "any",
      isError: "boolean",
      tool_response: "any",
      error: "any",
    },
    tool: true,
    example: `'{"toolName":"bash","input":{"command":"ls"},"content":"a.txt"}'`,
  },
  before_agent_start: {
    fields: { prompt: "string", images: "array" },
    example: `'{"prompt":"fix the tests"}'`,
  },
  context: { fields: { messages: "array" }, example: `'{"messages":[]}'` },
  agent_end: { fields: { messages: "array", stop_hook_active: "boolean" }, example: `'{"messages":[]}'` },
  turn_start: { fields: { turnIndex: "number", timestamp: "number" }, example: `'{"turnIndex":0}'` },
};

/**
 * The fields every agent's own hook input carries besides the event's (Claude Code's common input, and the
 * session fields the other agents add): emit fills its own, so these are accepted and not read — an input copied
 * from an agent (`hookwire record`, a pasted hook payload) fits as it is.
 */
const AGENT_INPUT_FIELDS: ReadonlySet<string> = new Set([
  "hook_event_name",
  "session_id",
  "transcript_path",
  "cwd",
  "permission_mode",
  "effort",
  "prompt_id",
  "model",
  "turn_id",
  "agent_id",
  "agent_type",
]);

const NATIVE_TOOLS: readonly string[] = claude.tools.tools.flatMap((tool) =>
  tool.native ? [tool.native] : [],
);

export interface InputIssue {
  /** The JSON path inside --input (`toolName`, `input`). */
  path: string;
  message: string;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `${typeof value} ${JSON.stringify(value)}`;
}

function fits(value: unknown, type: FieldType): boolean {
  if (type === "any") return true;
  if (type === "array") return Array.isArray(value);
  if (type === "object") return typeof value === "object" && value !== null && !Array.isArray(value);
  return typeof value === type;
}

const ARTICLE: Record<FieldType, string> = {
  string: "a string",
  number: "a number",
  boolean: "true or false",
  object: "an object",
  array: "an array",
  any: "anything",
};

/** A native tool name spelled as a dialect spells it (`Bash`) or in the wrong case: the native name. */
function nativeSpelling(name: string): string | undefined {
  if (NATIVE_TOOLS.includes(name)) return undefined;
  const native = findTool(claude.tools, name)?.native;
  return native ?? NATIVE_TOOLS.find((tool) => tool === name.toLowerCase());
}

/** Every way `input` does not fit `event`'s shape; `given`: whether --input was passed at all. */
export function inputIssues(
  event: HookEventName,
  input: Record<string, unknown>,
  given: boolean,
): InputIssue[] {
  const shape = SHAPES[event];
  if (!shape) return [];
  const issues: InputIssue[] = [];
  if (shape.tool && !given) {
    return [{ path: "", message: `${event} is a tool call: --input must name the tool and its input` }];
  }
  for (const [key, value] of Object.entries(input)) {
    const type = shape.fields[key];
    if (type === undefined && AGENT_INPUT_FIELDS.has(key)) continue;
    if (type === undefined) {
      const hint = didYouMean(key, Object.keys(shape.fields));
      issues.push({
        path: key,
        message: `${event} has no field "${key}"${hint ? `; did you mean "${hint}"?` : ""} (fields: ${Object.keys(shape.fields).join(", ")})`,
      });
    } else if (!fits(value, type)) {
      issues.push({ path: key, message: `expected ${ARTICLE[type]}, got ${typeOf(value)}` });
    }
  }
  if (shape.tool) {
    if (input.toolName === undefined && input.tool_name === undefined) {
      issues.push({
        path: "toolName",
        message: `${event} needs the tool: "toolName" (native, e.g. "bash") or "tool_name" (Claude Code's, e.g. "Bash")`,
      });
    }
    if (typeof input.toolName === "string") {
      const native = nativeSpelling(input.toolName);
      if (native) {
        issues.push({
          path: "toolName",
          message: `"${input.toolName}" is not a native tool name; did you mean "${native}"? (Claude Code's spelling goes in "tool_name", with "tool_input")`,
        });
      }
    }
  }
  return issues;
}

/** Throws a usage error (exit 2) listing every issue, when there is one. */
export function checkInput(event: HookEventName, input: Record<string, unknown>, given: boolean): void {
  const issues = inputIssues(event, input, given);
  if (issues.length === 0) return;
  const example = SHAPES[event]?.example ?? "'{}'";
  const lines = issues.map(
    (issue) => `✖ ${issue.message}${issue.path ? `  → at --input.${issue.path}` : ""}`,
  );
  throw new CliUsageError(`--input does not fit ${event}:\n${lines.join("\n")}`, {
    details: `Fix: pass the event's fields, e.g. hookwire emit ${event} --input ${example}`,
  });
}
