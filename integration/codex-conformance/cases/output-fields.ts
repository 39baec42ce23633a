// JSON output fields on stdout (exit 0): decisions, reasons, context, messages, continue / stopReason.
import type { ConformanceCase } from "../src/case.js";
import { oneHook, specific } from "./helpers.js";

const pre = (fields: Record<string, unknown>) => specific("PreToolUse", fields);
const post = (fields: Record<string, unknown>) => specific("PostToolUse", fields);
const M = ["REASON_MARK", "CTX_MARK", "SYS_MARK", "STOP_MARK"];
const tool = { matcher: "Bash", markers: M };

export const outputFieldCases: ConformanceCase[] = [
  oneHook(
    "out-pre-deny",
    "PreToolUse permissionDecision deny with a reason: blocked, reason to the model",
    "PreToolUse",
    { stdout: pre({ permissionDecision: "deny", permissionDecisionReason: "REASON_MARK" }) },
    tool,
  ),
  oneHook(
    "out-pre-deny-no-reason",
    "PreToolUse deny without a reason",
    "PreToolUse",
    { stdout: pre({ permissionDecision: "deny" }) },
    tool,
  ),
  oneHook(
    "out-pre-allow",
    "PreToolUse permissionDecision allow",
    "PreToolUse",
    { stdout: pre({ permissionDecision: "allow", permissionDecisionReason: "REASON_MARK" }) },
    tool,
  ),
  oneHook(
    "out-pre-ask",
    "PreToolUse permissionDecision ask",
    "PreToolUse",
    { stdout: pre({ permissionDecision: "ask", permissionDecisionReason: "REASON_MARK" }) },
    tool,
  ),
  oneHook(
    "out-pre-legacy-block",
    "PreToolUse top-level decision block + reason",
    "PreToolUse",
    { stdout: { decision: "block", reason: "REASON_MARK" } },
    tool,
  ),
  oneHook(
    "out-pre-additional-context",
    "PreToolUse additionalContext",
    "PreToolUse",
    { stdout: pre({ additionalContext: "CTX_MARK" }) },
    tool,
  ),
  oneHook(
    "out-pre-system-message",
    "PreToolUse systemMessage",
    "PreToolUse",
    { stdout: { systemMessage: "SYS_MARK" } },
    tool,
  ),
  oneHook(
    "out-pre-continue-false",
    "PreToolUse continue:false with a stopReason",
    "PreToolUse",
    { stdout: { continue: false, stopReason: "STOP_MARK" } },
    tool,
  ),
  oneHook(
    "out-pre-updated-input",
    "PreToolUse updatedInput",
    "PreToolUse",
    { stdout: pre({ permissionDecision: "allow", updatedInput: { command: "echo changed > ran.txt" } }) },
    tool,
  ),
  oneHook(
    "out-pre-invalid-json",
    "PreToolUse stdout that looks like JSON but is not",
    "PreToolUse",
    { stdout: '{"hookSpecificOutput": {"permissionDecision": "deny"' },
    tool,
  ),
  oneHook(
    "out-pre-wrong-event-name",
    "PreToolUse deny under another event's hookEventName",
    "PreToolUse",
    { stdout: specific("PostToolUse", { permissionDecision: "deny", permissionDecisionReason: "REASON_MARK" }) },
    tool,
  ),
  oneHook(
    "out-post-block",
    "PostToolUse decision block + reason",
    "PostToolUse",
    { stdout: { decision: "block", reason: "REASON_MARK" } },
    tool,
  ),
  oneHook(
    "out-post-additional-context",
    "PostToolUse additionalContext",
    "PostToolUse",
    { stdout: post({ additionalContext: "CTX_MARK" }) },
    tool,
  ),
  oneHook(
    "out-post-continue-false",
    "PostToolUse continue:false with a stopReason",
    "PostToolUse",
    { stdout: { continue: false, stopReason: "STOP_MARK" } },
    tool,
  ),
  oneHook(
    "out-post-system-message",
    "PostToolUse systemMessage",
    "PostToolUse",
    { stdout: { systemMessage: "SYS_MARK" } },
    tool,
  ),
  oneHook(
    "out-prompt-context",
    "UserPromptSubmit additionalContext",
    "UserPromptSubmit",
    { stdout: specific("UserPromptSubmit", { additionalContext: "CTX_MARK" }) },
    { markers: M },
  ),
  oneHook(
    "out-prompt-block",
    "UserPromptSubmit decision block + reason",
    "UserPromptSubmit",
    { stdout: { decision: "block", reason: "REASON_MARK" } },
    { markers: M },
  ),
  oneHook(
    "out-prompt-continue-false",
    "UserPromptSubmit continue:false",
    "UserPromptSubmit",
    { stdout: { continue: false, stopReason: "STOP_MARK" } },
    { markers: M },
  ),
  oneHook(
    "out-start-context",
    "SessionStart additionalContext",
    "SessionStart",
    { stdout: specific("SessionStart", { additionalContext: "CTX_MARK" }) },
    { markers: M },
  ),
  oneHook(
    "out-start-continue-false",
    "SessionStart continue:false",
    "SessionStart",
    { stdout: { continue: false, stopReason: "STOP_MARK" } },
    { markers: M },
  ),
  oneHook(
    "out-stop-block-once",
    "Stop decision block the first time: the model is re-prompted with the reason",
    "Stop",
    { shell: '[ "$n" -gt 1 ] && exit 0', stdout: { decision: "block", reason: "REASON_MARK" } },
    { markers: M },
  ),
  oneHook(
    "out-stop-continue-false",
    "Stop continue:false",
    "Stop",
    { stdout: { continue: false, stopReason: "STOP_MARK" } },
    { markers: M },
  ),
  oneHook(
    "out-stop-block-no-reason",
    "Stop decision block without a reason",
    "Stop",
    { shell: '[ "$n" -gt 1 ] && exit 0', stdout: { decision: "block" } },
    { markers: M },
  ),
];
