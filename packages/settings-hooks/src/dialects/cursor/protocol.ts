// Cursor's handler protocol: its common stdin fields, its snake_case answers, exit 2 denies, failures fail open.
import path from "node:path";
import { text } from "../../dialect-kit/agent-hook.js";
import type { EventInfo, ProtocolSpec } from "../../dialect-kit/types.js";
import type { HandlerResult, HookOutput, OutputOptions } from "../../protocol/output.js";
import { firstLine, parseStdout, validateOutput } from "../../protocol/output.js";
import type { CursorState } from "./state.js";

/** Events where a failing hook blocks when it sets `failClosed` (the events that can deny). */
const GATES = new Set([
  "preToolUse",
  "beforeShellExecution",
  "beforeMCPExecution",
  "beforeReadFile",
  "beforeSubmitPrompt",
  "subagentStart",
]);

/**
 * Cursor's answer as hookwire's: `permission` → `permissionDecision` (its reason for the model is
 * `agent_message`), `user_message` → `systemMessage` (the UI, never the model), `updated_input` →
 * `updatedInput`, `additional_context`, `updated_mcp_tool_output` → `updatedToolOutput`,
 * `continue: false` → a refused prompt or a stopped session, `followup_message` → stop's "continue with".
 */
function translate(json: Record<string, unknown>, event: string): Record<string, unknown> {
  const specific: Record<string, unknown> = { hookEventName: event };
  const out: Record<string, unknown> = { hookSpecificOutput: specific };
  if ("permission" in json) specific.permissionDecision = json.permission;
  if ("agent_message" in json) specific.permissionDecisionReason = json.agent_message;
  if ("updated_input" in json) specific.updatedInput = json.updated_input;
  if ("additional_context" in json) specific.additionalContext = json.additional_context;
  if ("updated_mcp_tool_output" in json) specific.updatedToolOutput = json.updated_mcp_tool_output;
  if ("user_message" in json) out.systemMessage = json.user_message;
  if (json.continue === false) {
    if (event === "beforeSubmitPrompt") {
      out.decision = "block";
      out.reason =
        typeof json.user_message === "string" ? json.user_message : "Blocked by a beforeSubmitPrompt hook";
    } else out.continue = false;
  }
  if (typeof json.followup_message === "string" && json.followup_message !== "") {
    out.decision = "block";
    out.reason = json.followup_message;
  }
  return out;
}

function output(json: Record<string, unknown>, options: OutputOptions) {
  const { output, warnings } = validateOutput(translate(json, options.event), options);
  return { output: output as HookOutput, warnings };
}

export const cursorProtocol: ProtocolSpec = {
  input(event, fields, session) {
    return {
      conversation_id: session.sessionId,
      generation_id: session.promptId ?? session.sessionId,
      model: "",
      hook_event_name: event.name,
      cursor_version: "hookwire",
      workspace_roots: [session.cwd],
      user_email: null,
      transcript_path: session.transcriptPath ?? null,
      ...fields,
    };
  },
  output,
  exit(run, options) {
    const closed = options.handler?.failClosed === true && GATES.has(options.event);
    const failed = (message: string): HandlerResult =>
      closed
        ? {
            status: "blocking",
            reason: `hook failed (failClosed): ${message}`,
            warnings: [],
            failure: message,
          }
        : { status: "error", message, warnings: [] };
    if (run.spawnError) return failed(`could not start: ${run.spawnError.message}`);
    if (run.timedOut) return failed(`timed out after ${options.timeoutMs / 1000} s`);
    if (run.aborted) return { status: "error", message: "cancelled", warnings: [] };
    const parsed = parseStdout(run.stdout, { ...options, validate: output });
    const json = parsed.status === "success" && parsed.text === undefined ? parsed.output : undefined;
    if (run.code === 0) {
      // Cursor reads JSON; any other stdout is a failed hook (fail-open unless failClosed).
      if (parsed.status === "success" && parsed.text !== undefined && parsed.text.trim() !== "") {
        return failed("printed something that is not JSON");
      }
      return parsed;
    }
    if (run.code === 2) {
      const reason =
        json?.hookSpecificOutput?.permissionDecisionReason ??
        (firstLine(run.stderr) || "blocked by hook (exit code 2)");
      const result: HandlerResult = { status: "blocking", reason, warnings: [] };
      if (json) result.output = json;
      return result;
    }
    const line = firstLine(run.stderr);
    const what = run.code === null ? `killed by ${run.signal ?? "a signal"}` : `exited with code ${run.code}`;
    return failed(line ? `${what}: ${line}` : what);
  },
  command(_handler, where) {
    // Project hooks run from the project root; user (and enterprise) hooks from the folder of their hooks.json.
    const inProject = !path.relative(where.project, where.file).startsWith("..");
    const env = { CURSOR_PROJECT_DIR: where.project, ...(where.state as CursorState | undefined)?.env };
    return { cwd: inProject ? where.project : path.dirname(where.file), env };
  },
  session: (stdin) => ({
    sessionId: text(stdin.conversation_id),
    transcriptPath: text(stdin.transcript_path) || undefined,
    cwd: Array.isArray(stdin.workspace_roots) ? text(stdin.workspace_roots[0]) : "",
    ...(typeof stdin.generation_id === "string" ? { promptId: stdin.generation_id } : {}),
  }),
  encode,
};

/** hookwire's output as Cursor's snake_case JSON: the reverse of `translate`. */
function encode(output: HookOutput, event: EventInfo): { stdout: string; unapplied: string[] } {
  const json: Record<string, unknown> = {};
  const unapplied: string[] = [];
  const specific = output.hookSpecificOutput ?? {};
  if (specific.permissionDecision === "deny" || specific.permissionDecision === "allow")
    json.permission = specific.permissionDecision;
  else if (specific.permissionDecision !== undefined) unapplied.push("a question to the user");
  if (specific.permissionDecisionReason !== undefined) json.agent_message = specific.permissionDecisionReason;
  if (specific.updatedInput !== undefined) json.updated_input = specific.updatedInput;
  if (specific.additionalContext !== undefined) json.additional_context = specific.additionalContext;
  if (specific.updatedToolOutput !== undefined) json.updated_mcp_tool_output = specific.updatedToolOutput;
  if (output.systemMessage !== undefined) json.user_message = output.systemMessage;
  if (output.decision === "block") {
    // A stop's block is its follow-up; a prompt's is `continue: false`, its reason for the user.
    if (event.name === "stop") json.followup_message = output.reason ?? "";
    else {
      json.continue = false;
      if (output.reason !== undefined) json.user_message = output.reason;
    }
  } else if (output.continue === false) json.continue = false;
  return { stdout: JSON.stringify(json), unapplied };
}
