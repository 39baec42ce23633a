// Codex's handler protocol: the stdin JSON's common fields, which JSON answers it accepts, and what exit codes mean.

import { text, UNAPPLIED } from "../../dialect-kit/agent-hook.js";
import type { ProtocolSpec } from "../../dialect-kit/types.js";
import { interpretCommandRun } from "../../protocol/exit-code.js";
import { type HookOutput, validateOutput } from "../../protocol/output.js";

const present = (text: string | undefined): boolean => text !== undefined && text.trim() !== "";

/**
 * Why Codex refuses a whole JSON answer of this event (it then fails open: the answer does nothing but
 * show its systemMessage), or `undefined` when it accepts it. Codex 0.169's rules, field for field.
 */
export function refusal(
  event: string,
  json: Record<string, unknown>,
  output: HookOutput,
): string | undefined {
  const specific = output.hookSpecificOutput;
  if (event === "PreToolUse") {
    if (output.continue === false) return "continue:false is not supported on PreToolUse";
    if (output.stopReason !== undefined) return "stopReason is not supported on PreToolUse";
    if (output.suppressOutput) return "suppressOutput is not supported on PreToolUse";
    const decision = specific?.permissionDecision;
    const decides =
      decision !== undefined || specific?.permissionDecisionReason !== undefined || specific?.updatedInput;
    if (decides) {
      if (specific?.updatedInput && decision !== "allow")
        return "updatedInput needs permissionDecision:allow";
      if (decision === "allow" && !specific?.updatedInput)
        return "permissionDecision:allow is only accepted with updatedInput";
      if (decision === "ask" || decision === "defer")
        return `permissionDecision:${decision} is not supported`;
      if (decision === "deny" && !present(specific?.permissionDecisionReason))
        return "permissionDecision:deny needs a non-empty permissionDecisionReason";
      if (decision === undefined) return "permissionDecisionReason without permissionDecision";
      return undefined;
    }
    if (json.decision === "approve") return 'decision:"approve" is not supported';
    if (output.decision === "block" && !present(output.reason))
      return "decision:block needs a non-empty reason";
    if (output.decision === undefined && output.reason !== undefined) return "reason without decision";
    return undefined;
  }
  if (event === "PostToolUse") {
    if (output.suppressOutput) return "suppressOutput is not supported on PostToolUse";
    if (output.decision === "block" && !present(output.reason))
      return "decision:block needs a non-empty reason";
    if (output.decision === undefined && output.continue !== false && output.reason !== undefined)
      return "reason without decision";
    return undefined;
  }
  if (
    (event === "UserPromptSubmit" || event === "Stop") &&
    output.decision === "block" &&
    !present(output.reason)
  )
    return "decision:block needs a non-empty reason";
  return undefined;
}

export const codexProtocol: ProtocolSpec = {
  input(event, fields, session) {
    const { model, ...own } = fields as { model?: unknown } & Record<string, unknown>;
    const wanted = event.session;
    // Key order as Codex's: a hook that prints its input sees the same text.
    const ordered: Record<string, unknown> = { session_id: session.sessionId };
    if (wanted.includes("turn_id")) ordered.turn_id = session.promptId ?? session.sessionId;
    ordered.transcript_path = session.transcriptPath ?? null;
    ordered.cwd = session.cwd;
    ordered.hook_event_name = event.name;
    if (wanted.includes("model")) ordered.model = typeof model === "string" ? model : "";
    if (wanted.includes("permission_mode")) ordered.permission_mode = session.permissionMode ?? "default";
    return { ...ordered, ...own };
  },
  output(json, options) {
    const validated = validateOutput(json, options);
    // Codex does not check hookSpecificOutput.hookEventName against the event that ran.
    if (validated.output.hookSpecificOutput === undefined && isRecord(json.hookSpecificOutput)) {
      const { hookEventName: _ignored, ...rest } = json.hookSpecificOutput;
      const again = validateOutput({ ...json, hookSpecificOutput: rest }, options);
      validated.output = again.output;
      validated.warnings = again.warnings;
    }
    const why = refusal(options.event, json, validated.output);
    if (why === undefined) return validated;
    const kept: HookOutput = {};
    if (validated.output.systemMessage !== undefined) kept.systemMessage = validated.output.systemMessage;
    return {
      output: kept,
      warnings: [
        ...validated.warnings,
        `Hook \`${options.hookName}\`: ${why} (Codex ignores such an answer); the output was ignored.`,
      ],
    };
  },
  exit(run, options) {
    // Codex reads stdout only on exit 0: a JSON deny printed by a hook that then exits 1 or 2 is ignored.
    if (run.code === 0 || run.spawnError || run.timedOut || run.aborted) {
      return interpretCommandRun(run, options);
    }
    const result = interpretCommandRun({ ...run, stdout: "" }, options);
    if (run.code === 2 && run.stderr.replace(/^\uFEFF/, "").trim() === "") {
      return {
        status: "error",
        message: `exited with code 2 but wrote no reason to stderr (Codex blocks only with one)`,
        warnings: result.warnings,
      };
    }
    return result;
  },
  session: (stdin) => ({
    sessionId: text(stdin.session_id),
    transcriptPath: text(stdin.transcript_path) || undefined,
    cwd: text(stdin.cwd),
    ...(typeof stdin.permission_mode === "string" ? { permissionMode: stdin.permission_mode } : {}),
    ...(typeof stdin.turn_id === "string" ? { promptId: stdin.turn_id } : {}),
  }),
  // Codex reads Claude Code's JSON, with the per-event limits `refusal` names (the answers keep to them). Its
  // `exec` shows a hook's systemMessage nowhere (measured: integration/hosts capabilities.json): sent, and said.
  encode: ({ extra: _extra, ...output }) => ({
    stdout: JSON.stringify(output),
    unapplied: output.systemMessage !== undefined ? [UNAPPLIED.message] : [],
  }),
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
