// preToolUse and its specific siblings (beforeShellExecution, beforeMCPExecution, beforeReadFile): gate a tool call.
import { readFileSync, statSync } from "node:fs";
import type { HookEvent, ToolCallEventResult } from "@hookwire/core";
import { callVerdict, nativeCall, UNAPPLIED } from "../../../dialect-kit/agent-hook.js";
import { blockReason } from "../../../dialect-kit/messages.js";
import type { AggregatedOutcome } from "../../../dialect-kit/outcome.js";
import { toNativeInput } from "../../../dialect-kit/tools.js";
import type { HookOutput } from "../../../protocol/output.js";
import { bridged, DEFAULT_TIMEOUT, isMcpTool } from "../define.js";
import { cursorTools } from "../tools.js";

const common = {
  native: "tool_call",
  canBlock: true,
  canStop: false,
  tool: true,
  permission: true,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
} as const;

/** deny (or exit 2) blocks with `agent_message` for the model; ask / allow go to the host's permission step. */
function verdict(outcome: AggregatedOutcome, event: HookEvent<"tool_call">, rewrite: boolean) {
  if (outcome.blocks.length > 0) return { block: true, reason: blockReason(outcome.blocks) };
  const result: ToolCallEventResult = {};
  if (rewrite && outcome.updatedInput) {
    result.input = toNativeInput(cursorTools, event.toolName, { ...event.input, ...outcome.updatedInput });
  }
  if (outcome.permission) {
    result.permission = outcome.permission.decision;
    if (outcome.permission.reason) result.reason = outcome.permission.reason;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** Files above this are not inlined into beforeReadFile's `content` (the hook still gets the path). */
const MAX_CONTENT_BYTES = 1024 * 1024;

function fileContent(file: unknown): string {
  if (typeof file !== "string") return "";
  try {
    if (!statSync(file).isFile() || statSync(file).size > MAX_CONTENT_BYTES) return "";
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

export const preToolUse = bridged({
  ...common,
  name: "preToolUse",
  description: "Before any tool runs: deny it, allow it, or rewrite its input (updated_input).",
  matcher: "regex",
  matcherField: "tool_name",
  input: (event, { tool, cwd }) => ({
    tool_name: tool?.name ?? event.toolName,
    tool_input: tool?.input ?? event.input,
    tool_use_id: event.toolCallId,
    cwd,
  }),
  asAgentHook: {
    event: (stdin) => nativeCall(cursorTools, stdin.tool_name, stdin.tool_input, stdin.tool_use_id),
    answer(result, event) {
      const verdict = callVerdict(cursorTools, result, event);
      const specific: NonNullable<HookOutput["hookSpecificOutput"]> = { hookEventName: "preToolUse" };
      // Cursor takes `ask` but does not ask (its docs): a question nobody is asked refuses.
      if (verdict.decision === "deny" || verdict.decision === "ask") {
        specific.permissionDecision = "deny";
        if (verdict.reason)
          specific.permissionDecisionReason =
            verdict.decision === "ask"
              ? `${verdict.reason} (Cursor cannot ask here; refused)`
              : verdict.reason;
      } else if (verdict.input) specific.updatedInput = verdict.input;
      return {
        output: { hookSpecificOutput: specific },
        unapplied: verdict.context ? [UNAPPLIED.context] : [],
      };
    },
  },
  apply: (outcome, { event }) => verdict(outcome, event, true),
});

export const beforeShellExecution = bridged({
  ...common,
  name: "beforeShellExecution",
  description: "Before a shell command runs: allow, deny or ask.",
  onlyWhen: (event) => event.toolName === "bash",
  // Its matcher tests the command text.
  matcher: "regex",
  matcherField: "command",
  input: (event, { cwd }) => ({ command: String(event.input.command ?? ""), cwd, sandbox: false }),
  apply: (outcome, { event }) => verdict(outcome, event, false),
});

export const beforeMCPExecution = bridged({
  ...common,
  name: "beforeMCPExecution",
  description: "Before an MCP tool runs: allow, deny or ask.",
  onlyWhen: (event) => isMcpTool(event.toolName),
  matcher: "regex",
  matcherField: "tool_name",
  input: (event) => ({ tool_name: event.toolName, tool_input: JSON.stringify(event.input) }),
  apply: (outcome, { event }) => verdict(outcome, event, false),
});

export const beforeReadFile = bridged({
  ...common,
  name: "beforeReadFile",
  description: "Before the agent reads a file: allow or deny (redaction, access control).",
  onlyWhen: (event) => event.toolName === "read",
  matcher: "none",
  input: (_event, { tool }) => ({
    file_path: tool?.input.file_path,
    content: fileContent(tool?.input.file_path),
    attachments: [],
  }),
  apply: (outcome, { event }) => verdict(outcome, event, false),
});
