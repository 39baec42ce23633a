// GitHub Copilot CLI's handler protocol: camelCase stdin, its JSON answers, and exit codes that fail closed.
import { text } from "../../dialect-kit/agent-hook.js";
import type { ProtocolSpec } from "../../dialect-kit/types.js";
import type { HandlerResult, HookOutput, OutputOptions } from "../../protocol/output.js";
import { firstLine, parseStdout, validateOutput } from "../../protocol/output.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Copilot's answer fields as hookwire's (`permissionDecision` → `hookSpecificOutput.permissionDecision`,
 * `modifiedArgs` → `updatedInput`, `modifiedResult` → `updatedToolOutput`); `decision: "block"` and
 * `reason` are already hookwire's. The result goes through the one validator, field by field.
 */
function translate(json: Record<string, unknown>, event: string): Record<string, unknown> {
  const specific: Record<string, unknown> = { hookEventName: event };
  if ("permissionDecision" in json) specific.permissionDecision = json.permissionDecision;
  if ("permissionDecisionReason" in json) specific.permissionDecisionReason = json.permissionDecisionReason;
  if ("modifiedArgs" in json) specific.updatedInput = json.modifiedArgs;
  if ("additionalContext" in json) specific.additionalContext = json.additionalContext;
  if (isRecord(json.modifiedResult)) {
    const text = json.modifiedResult.textResultForLlm;
    specific.updatedToolOutput = typeof text === "string" ? { output: text } : json.modifiedResult;
  }
  const out: Record<string, unknown> = { hookSpecificOutput: specific };
  if (json.decision !== undefined) out.decision = json.decision;
  if (json.reason !== undefined) out.reason = json.reason;
  if (json.suppressOutput !== undefined) out.suppressOutput = json.suppressOutput;
  return out;
}

/** Only preToolUse fails closed: a hook that errors denies the call (observed with Copilot CLI 1.0.102). */
const FAIL_CLOSED = new Set(["preToolUse"]);

function output(json: Record<string, unknown>, options: OutputOptions) {
  const { output, warnings } = validateOutput(translate(json, options.event), options);
  return { output: output as HookOutput, warnings };
}

export const copilotProtocol: ProtocolSpec = {
  input(_event, fields, session) {
    // Key order as Copilot's: a hook that prints its input sees the same text.
    return { sessionId: session.sessionId, timestamp: Date.now(), cwd: session.cwd, ...fields };
  },
  output,
  exit(run, options) {
    const warnings: string[] = [];
    const json = (): HookOutput | undefined => {
      const parsed = parseStdout(run.stdout, { ...options, validate: output });
      if (parsed.status !== "success" || parsed.text !== undefined) return undefined;
      warnings.push(...parsed.warnings);
      return Object.keys(parsed.output).length > 0 ? parsed.output : undefined;
    };
    if (run.spawnError)
      return { status: "error", message: `could not start: ${run.spawnError.message}`, warnings };
    // A timed-out hook is not an error that denies: Copilot lets the call run (observed).
    if (run.timedOut)
      return { status: "error", message: `timed out after ${options.timeoutMs / 1000} s`, warnings };
    if (run.aborted) return { status: "error", message: "cancelled", warnings };
    if (run.code === 0) return parseStdout(run.stdout, { ...options, validate: output });
    const answer = json();
    const tool = FAIL_CLOSED.has(options.event);
    if (run.code === 2 && tool) {
      // Copilot never forwards stderr: the model reads the JSON reason, or only that the hook exited 2.
      const reason = answer?.hookSpecificOutput?.permissionDecisionReason ?? "hook exited with code 2";
      const result: HandlerResult = { status: "blocking", reason, warnings };
      if (answer) result.output = answer;
      return result;
    }
    const line = firstLine(run.stderr);
    const what = run.code === null ? `killed by ${run.signal ?? "a signal"}` : `exited with code ${run.code}`;
    const message = line ? `${what}: ${line}` : what;
    if (tool) {
      // Copilot's own fail-closed block: still the hook's failure, reported as one.
      const result: HandlerResult = {
        status: "blocking",
        reason: "hook errored",
        warnings,
        failure: message,
      };
      if (answer) result.output = answer;
      return result;
    }
    return { status: "error", message, warnings };
  },
  command(handler, where) {
    const options: { cwd?: string; env?: Record<string, string> } = {};
    if (typeof handler.cwd === "string" && handler.cwd !== "") options.cwd = handler.cwd;
    const env: Record<string, string> = { COPILOT_HOOK_DIR: where.file.replace(/\/[^/]*$/, "") };
    if (isRecord(handler.env)) {
      for (const [key, value] of Object.entries(handler.env)) if (typeof value === "string") env[key] = value;
    }
    options.env = env;
    return options;
  },
  session: (stdin) => ({ sessionId: text(stdin.sessionId), cwd: text(stdin.cwd) }),
  encode,
};

/** hookwire's output as Copilot's JSON (the reverse of `translate`); Copilot shows a hook nothing of its own. */
function encode(output: HookOutput): { stdout: string; unapplied: string[] } {
  const json: Record<string, unknown> = {};
  const unapplied: string[] = [];
  const specific = output.hookSpecificOutput ?? {};
  if (specific.permissionDecision !== undefined && specific.permissionDecision !== "defer")
    json.permissionDecision = specific.permissionDecision;
  if (specific.permissionDecisionReason !== undefined)
    json.permissionDecisionReason = specific.permissionDecisionReason;
  if (specific.updatedInput !== undefined) json.modifiedArgs = specific.updatedInput;
  if (specific.additionalContext !== undefined) json.additionalContext = specific.additionalContext;
  const replaced = specific.updatedToolOutput as { output?: unknown } | undefined;
  if (typeof replaced?.output === "string")
    json.modifiedResult = { resultType: "success", textResultForLlm: replaced.output };
  if (output.decision !== undefined) json.decision = output.decision;
  if (output.reason !== undefined) json.reason = output.reason;
  if (output.suppressOutput !== undefined) json.suppressOutput = output.suppressOutput;
  if (output.systemMessage !== undefined) unapplied.push("a message for the user");
  if (output.continue === false) unapplied.push("ending the turn");
  return { stdout: JSON.stringify(json), unapplied };
}
