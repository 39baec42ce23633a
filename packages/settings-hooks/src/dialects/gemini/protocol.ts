// Gemini CLI's handler protocol: the stdin JSON's common fields, the JSON output, and what exit codes mean.
import type { ProcessRun } from "@hookwire/core/internal";
import { text } from "../../dialect-kit/agent-hook.js";
import type { ProtocolSpec } from "../../dialect-kit/types.js";
import {
  firstLine,
  type HandlerResult,
  type HookOutput,
  limitString,
  type OutputOptions,
} from "../../protocol/output.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `hookSpecificOutput` fields only Gemini CLI's events read; kept in `HookOutput.extra` for them. */
const EXTRA_FIELDS = [
  "llm_request",
  "llm_response",
  "toolConfig",
  "clearContext",
  "tailToolCallRequest",
] as const;

/**
 * Gemini CLI's output fields: `continue`, `stopReason`, `suppressOutput`, `systemMessage`, `decision`
 * (`deny` or its alias `block` block; `allow`, `approve`, `ask` do not), `reason`, and in
 * `hookSpecificOutput` `additionalContext`, `tool_input` (merged over the call's input) and the model
 * fields. A field of the wrong type is dropped with a warning; `hookEventName` is not checked (Gemini
 * CLI does not).
 */
export function validateGeminiOutput(
  json: Record<string, unknown>,
  options: OutputOptions,
): { output: HookOutput; warnings: string[] } {
  const warnings: string[] = [];
  const output: HookOutput = {};
  const drop = (name: string, expected: string) =>
    warnings.push(
      `Hook \`${options.hookName}\`: output field "${name}" must be ${expected}; the field was ignored.`,
    );
  const str = (name: string, value: unknown): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value === "string") return limitString(value, options);
    drop(name, "a string");
    return undefined;
  };
  if (json.continue !== undefined) {
    if (typeof json.continue === "boolean") output.continue = json.continue;
    else drop("continue", "true or false");
  }
  const stopReason = str("stopReason", json.stopReason);
  if (stopReason !== undefined) output.stopReason = stopReason;
  if (typeof json.suppressOutput === "boolean") output.suppressOutput = json.suppressOutput;
  const systemMessage = str("systemMessage", json.systemMessage);
  if (systemMessage !== undefined) output.systemMessage = systemMessage;
  if (json.decision !== undefined) {
    if (json.decision === "deny" || json.decision === "block") output.decision = "block";
    else if (!["allow", "approve", "ask"].includes(json.decision as string)) {
      drop("decision", 'one of "allow", "deny", "block", "ask"');
    }
  }
  const reason = str("reason", json.reason);
  if (reason !== undefined) output.reason = reason;
  const specific = json.hookSpecificOutput;
  if (specific === undefined) return { output, warnings };
  if (!isRecord(specific)) {
    drop("hookSpecificOutput", "an object");
    return { output, warnings };
  }
  const out: NonNullable<HookOutput["hookSpecificOutput"]> = {};
  if (typeof specific.hookEventName === "string") out.hookEventName = specific.hookEventName;
  const context = str("hookSpecificOutput.additionalContext", specific.additionalContext);
  // Gemini CLI escapes angle brackets so a hook's context cannot close the tags it is wrapped in.
  if (context !== undefined) out.additionalContext = context.replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  if (specific.tool_input !== undefined) {
    if (isRecord(specific.tool_input)) out.updatedInput = specific.tool_input;
    else drop("hookSpecificOutput.tool_input", "an object");
  }
  output.hookSpecificOutput = out;
  const extra: Record<string, unknown> = {};
  for (const name of EXTRA_FIELDS) if (specific[name] !== undefined) extra[name] = specific[name];
  if (Object.keys(extra).length > 0) output.extra = extra;
  return { output, warnings };
}

/** A JSON object, or a JSON string holding one (Gemini CLI parses twice); anything else is text. */
function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    let value: unknown = JSON.parse(text);
    if (typeof value === "string") value = JSON.parse(value);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Gemini CLI reads stdout, or stderr when stdout is empty. JSON is the answer whatever the exit code
 * (exit 2 with `{}` blocks nothing; exit 1 with a deny denies). Text: exit 0 is a message for the user,
 * exit 1 a warning, any other code blocks with the text as the reason. No text at all decides nothing,
 * even on exit 2. A timeout or a failed start is a failed hook, never a block.
 */
export function interpretGeminiRun(
  run: ProcessRun,
  options: OutputOptions & { timeoutMs: number },
): HandlerResult {
  const warnings: string[] = [];
  if (run.stdoutDropped > 0 || run.stderrDropped > 0) {
    warnings.push(`Hook \`${options.hookName}\`: output past the 1 MiB limit was discarded.`);
  }
  const failed = (message: string, output?: HookOutput): HandlerResult =>
    output ? { status: "error", message, output, warnings } : { status: "error", message, warnings };
  if (run.spawnError) return failed(`could not start: ${run.spawnError.message}`);
  if (run.timedOut) return failed(`timed out after ${options.timeoutMs} ms and was killed`);
  if (run.aborted) return failed("cancelled");
  const code = run.code ?? 1;
  const exited = run.code === null ? `killed by ${run.signal ?? "a signal"}` : `exited with code ${code}`;
  const text = run.stdout.replace(/^\uFEFF/, "").trim() || run.stderr.replace(/^\uFEFF/, "").trim();
  if (text === "") return code === 0 ? { status: "success", output: {}, warnings } : failed(exited);
  const json = parseJson(text);
  if (json) {
    const validated = validateGeminiOutput(json, options);
    warnings.push(...validated.warnings);
    return code === 0
      ? { status: "success", output: validated.output, warnings }
      : failed(`${exited}: ${firstLine(run.stderr) || "JSON on stdout"}`, validated.output);
  }
  const shown = limitString(text, options);
  if (code === 0) return { status: "success", output: { systemMessage: shown }, warnings };
  if (code === 1) return failed(`${exited}: ${firstLine(text)}`, { systemMessage: `Warning: ${shown}` });
  return { status: "blocking", reason: shown, warnings };
}

export const geminiProtocol: ProtocolSpec = {
  input(event, fields, session) {
    // Key order as Gemini CLI's: a hook that prints its input sees the same text.
    return {
      session_id: session.sessionId,
      transcript_path: session.transcriptPath ?? "",
      cwd: session.cwd,
      hook_event_name: event.name,
      timestamp: new Date().toISOString(),
      ...fields,
    };
  },
  output: validateGeminiOutput,
  exit: interpretGeminiRun,
  session: (stdin) => ({
    sessionId: text(stdin.session_id),
    transcriptPath: text(stdin.transcript_path) || undefined,
    cwd: text(stdin.cwd),
  }),
  encode: encodeGeminiOutput,
};

/** hookwire's output as Gemini CLI's JSON: the reverse of `validateGeminiOutput`. */
export function encodeGeminiOutput(output: HookOutput): { stdout: string; unapplied: string[] } {
  const json: Record<string, unknown> = {};
  const unapplied: string[] = [];
  if (output.continue !== undefined) json.continue = output.continue;
  if (output.stopReason !== undefined) json.stopReason = output.stopReason;
  if (output.suppressOutput !== undefined) json.suppressOutput = output.suppressOutput;
  if (output.systemMessage !== undefined) json.systemMessage = output.systemMessage;
  if (output.decision === "block") json.decision = "deny";
  if (output.reason !== undefined) json.reason = output.reason;
  const specific = output.hookSpecificOutput;
  if (specific) {
    const out: Record<string, unknown> = {};
    if (specific.hookEventName !== undefined) out.hookEventName = specific.hookEventName;
    if (specific.additionalContext !== undefined) out.additionalContext = specific.additionalContext;
    if (specific.updatedInput !== undefined) out.tool_input = specific.updatedInput;
    if (specific.permissionDecision !== undefined) unapplied.push("a permission decision");
    if (specific.updatedToolOutput !== undefined) unapplied.push("a replaced tool result");
    json.hookSpecificOutput = { ...out, ...output.extra };
  } else if (output.extra) json.hookSpecificOutput = output.extra;
  return { stdout: JSON.stringify(json), unapplied };
}
