// Every JSON output field on the events that read it: decisions, rewrites, context, continue, messages.
import type { ConformanceCase } from "../src/case.js";
import { bashRan, oneHook, specific } from "./helpers.js";

const M = ["REASON_MARK", "CTX_MARK", "SYS_MARK", "STOP_MARK", "OUT_MARK"];
const pre = (fields: Record<string, unknown>, top: Record<string, unknown> = {}) => ({
  ...top,
  ...specific("PreToolUse", fields),
});
const post = (fields: Record<string, unknown>, top: Record<string, unknown> = {}) => ({
  ...top,
  ...specific("PostToolUse", fields),
});
const echo = (text: string) => ({ tool: "Bash", input: { command: `echo ${text}` } });
const observePost = { shell: "", stdout: "" };

export const outputFieldCases: ConformanceCase[] = [
  oneHook(
    "out-pre-allow",
    "permissionDecision allow: runs",
    "PreToolUse",
    { stdout: pre({ permissionDecision: "allow", permissionDecisionReason: "REASON_MARK" }) },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-pre-deny",
    "permissionDecision deny: blocked, reason to the model",
    "PreToolUse",
    { stdout: pre({ permissionDecision: "deny", permissionDecisionReason: "REASON_MARK" }) },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-pre-deny-no-reason",
    "permissionDecision deny without a reason",
    "PreToolUse",
    { stdout: pre({ permissionDecision: "deny" }) },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-pre-ask-bypass",
    "permissionDecision ask in bypassPermissions, headless",
    "PreToolUse",
    { stdout: pre({ permissionDecision: "ask", permissionDecisionReason: "REASON_MARK" }) },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-pre-defer",
    "permissionDecision defer, headless",
    "PreToolUse",
    { stdout: pre({ permissionDecision: "defer" }) },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-pre-bad-decision",
    "permissionDecision of an unknown value",
    "PreToolUse",
    { stdout: pre({ permissionDecision: "maybe" }) },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-pre-context",
    "PreToolUse additionalContext reaches the model",
    "PreToolUse",
    { stdout: pre({ additionalContext: "CTX_MARK" }) },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-pre-deny-context",
    "deny with additionalContext",
    "PreToolUse",
    {
      stdout: pre({
        permissionDecision: "deny",
        permissionDecisionReason: "REASON_MARK",
        additionalContext: "CTX_MARK",
      }),
    },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-pre-system-message",
    "systemMessage is for the user",
    "PreToolUse",
    { stdout: { systemMessage: "SYS_MARK" } },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-pre-continue-false",
    "continue:false on PreToolUse: what runs, what the model sees",
    "PreToolUse",
    { stdout: { continue: false, stopReason: "STOP_MARK" } },
    {
      matcher: "Bash",
      markers: M,
      calls: [bashRan, { tool: "Bash", input: { command: "echo second > second.txt" } }],
      files: ["ran.txt", "second.txt"],
    },
  ),
  oneHook(
    "out-pre-decision-block",
    "legacy top-level decision block on PreToolUse",
    "PreToolUse",
    { stdout: { decision: "block", reason: "REASON_MARK" } },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-pre-decision-approve",
    "legacy decision approve on PreToolUse",
    "PreToolUse",
    { stdout: { decision: "approve", reason: "REASON_MARK" } },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-pre-wrong-event-name",
    "hookSpecificOutput for another event",
    "PreToolUse",
    { stdout: specific("PostToolUse", { additionalContext: "CTX_MARK" }) },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-pre-suppress",
    "suppressOutput on PreToolUse",
    "PreToolUse",
    { stdout: { suppressOutput: true } },
    { matcher: "Bash", markers: M },
  ),
  {
    id: "out-pre-updated-input-full",
    about: "updatedInput with every field: the tool runs the rewrite",
    settings: {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ run: "h" }] }],
        PostToolUse: [{ matcher: "Bash", hooks: [{ run: "seen" }] }],
      },
    },
    scripts: {
      h: { stdout: pre({ updatedInput: { command: "echo rewritten > ran.txt" } }) },
      seen: observePost,
    },
    calls: [bashRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "out-pre-updated-input-partial",
    about: "updatedInput without the command: it replaces the input, the call fails validation",
    settings: {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ run: "h" }] }],
        PostToolUse: [{ matcher: "Bash", hooks: [{ run: "seen" }] }],
      },
    },
    scripts: { h: { stdout: pre({ updatedInput: { timeout: 5000 } }) }, seen: observePost },
    calls: [bashRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "out-pre-updated-input-allow",
    about: "updatedInput together with allow",
    settings: { hooks: { PreToolUse: [{ matcher: "Write", hooks: [{ run: "h" }] }] } },
    scripts: {
      h: {
        stdout: pre({
          permissionDecision: "allow",
          updatedInput: { file_path: "@P@/other.txt", content: "rewritten\n" },
        }),
      },
    },
    calls: [{ tool: "Write", input: { file_path: "@P@/b.txt", content: "original\n" } }],
    observe: { files: ["b.txt", "other.txt"] },
  },
  {
    id: "out-pre-updated-input-extra-field",
    about: "updatedInput adding a field the tool does not know",
    settings: {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ run: "h" }] }],
        PostToolUse: [{ matcher: "Bash", hooks: [{ run: "seen" }] }],
      },
    },
    scripts: {
      h: { stdout: pre({ updatedInput: { command: "echo rewritten > ran.txt", bogus: 1 } }) },
      seen: observePost,
    },
    calls: [bashRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "out-pre-updated-input-empty",
    about: "updatedInput {}: replaces the input with nothing",
    settings: {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ run: "h" }] }],
        PostToolUse: [{ matcher: "Bash", hooks: [{ run: "seen" }] }],
      },
    },
    scripts: { h: { stdout: pre({ updatedInput: {} }) }, seen: observePost },
    calls: [bashRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "out-pre-updated-input-two-hooks",
    about: "two hooks rewrite the input; the first in settings order finishes last",
    settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ run: "slow" }, { run: "fast" }] }] } },
    scripts: {
      slow: { sleep: 1, stdout: pre({ updatedInput: { command: "echo slow > ran.txt" } }) },
      fast: { stdout: pre({ updatedInput: { command: "echo fast > ran.txt" } }) },
    },
    calls: [bashRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "out-pre-continue-false-stop",
    about: "continue:false on PreToolUse: do Stop hooks still run?",
    settings: {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ run: "h" }] }],
        Stop: [{ hooks: [{ run: "stop" }] }],
      },
    },
    scripts: { h: { stdout: { continue: false, stopReason: "STOP_MARK" } }, stop: {} },
    calls: [bashRan],
    observe: { files: ["ran.txt"], markers: M },
  },
  {
    id: "out-prompt-block-stop",
    about: "a refused prompt: do Stop hooks run?",
    settings: {
      hooks: { UserPromptSubmit: [{ hooks: [{ run: "h" }] }], Stop: [{ hooks: [{ run: "stop" }] }] },
    },
    scripts: { h: { stdout: { decision: "block", reason: "REASON_MARK" } }, stop: {} },
    calls: [bashRan],
    observe: { files: ["ran.txt"], markers: M },
  },
  oneHook(
    "out-stop-exit2-json-reason",
    "Stop exit 2 with the reason only as JSON on stdout",
    "Stop",
    { shell: '[ "$n" -gt 1 ] && exit 0', exit: 2, stdout: { decision: "block", reason: "REASON_MARK" } },
    { markers: M },
  ),
  oneHook(
    "out-post-exit2-json-reason",
    "PostToolUse exit 2 with the reason only as JSON on stdout",
    "PostToolUse",
    { exit: 2, stdout: { decision: "block", reason: "REASON_MARK" } },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-post-block",
    "PostToolUse decision block: the reason reaches the model",
    "PostToolUse",
    { stdout: { decision: "block", reason: "REASON_MARK" } },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-post-context",
    "PostToolUse additionalContext",
    "PostToolUse",
    { stdout: post({ additionalContext: "CTX_MARK" }) },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-post-updated-output-string",
    "updatedToolOutput as a string on Bash",
    "PostToolUse",
    { stdout: post({ updatedToolOutput: "OUT_MARK" }) },
    { matcher: "Bash", markers: M, calls: [echo("original")] },
  ),
  oneHook(
    "out-post-updated-output-object",
    "updatedToolOutput as Bash's own shape",
    "PostToolUse",
    {
      stdout: post({
        updatedToolOutput: { stdout: "OUT_MARK", stderr: "", interrupted: false, isImage: false },
      }),
    },
    { matcher: "Bash", markers: M, calls: [echo("original")] },
  ),
  oneHook(
    "out-post-updated-mcp-output",
    "updatedMCPToolOutput on a built-in tool",
    "PostToolUse",
    { stdout: post({ updatedMCPToolOutput: "OUT_MARK" }) },
    { matcher: "Bash", markers: M, calls: [echo("original")] },
  ),
  oneHook(
    "out-post-continue-false",
    "continue:false on PostToolUse",
    "PostToolUse",
    { stdout: { continue: false, stopReason: "STOP_MARK" } },
    {
      matcher: "Bash",
      markers: M,
      calls: [bashRan, { tool: "Bash", input: { command: "echo second > second.txt" } }],
      files: ["ran.txt", "second.txt"],
    },
  ),
  oneHook(
    "out-post-system-message",
    "systemMessage on PostToolUse",
    "PostToolUse",
    { stdout: { systemMessage: "SYS_MARK" } },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-post-suppress",
    "suppressOutput with context on PostToolUse",
    "PostToolUse",
    { stdout: { suppressOutput: true, ...post({ additionalContext: "CTX_MARK" }) } },
    { matcher: "Bash", markers: M },
  ),
  oneHook(
    "out-failure-context",
    "PostToolUseFailure additionalContext reaches the model",
    "PostToolUseFailure",
    { stdout: specific("PostToolUseFailure", { additionalContext: "CTX_MARK" }) },
    { matcher: "Bash", markers: M, calls: [{ tool: "Bash", input: { command: "exit 4" } }] },
  ),
  oneHook(
    "out-failure-block",
    "PostToolUseFailure decision block",
    "PostToolUseFailure",
    { stdout: { decision: "block", reason: "REASON_MARK" } },
    { matcher: "Bash", markers: M, calls: [{ tool: "Bash", input: { command: "exit 4" } }] },
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
    "UserPromptSubmit decision block: the prompt is refused",
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
    "out-prompt-system-message",
    "UserPromptSubmit systemMessage",
    "UserPromptSubmit",
    { stdout: { systemMessage: "SYS_MARK" } },
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
    "out-start-system-message",
    "SessionStart systemMessage",
    "SessionStart",
    { stdout: { systemMessage: "SYS_MARK" } },
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
    "Stop decision block once: one re-prompt with the reason",
    "Stop",
    { shell: '[ "$n" -gt 1 ] && exit 0', stdout: { decision: "block", reason: "REASON_MARK" } },
    { markers: M },
  ),
  oneHook(
    "out-stop-block-always",
    "Stop decision block every time: the loop cap",
    "Stop",
    { stdout: { decision: "block", reason: "REASON_MARK" } },
    { markers: M },
  ),
  oneHook(
    "out-stop-context",
    "Stop additionalContext",
    "Stop",
    { stdout: specific("Stop", { additionalContext: "CTX_MARK" }) },
    { markers: M },
  ),
  oneHook(
    "out-stop-continue-false",
    "Stop continue:false with a block",
    "Stop",
    { stdout: { continue: false, stopReason: "STOP_MARK", decision: "block", reason: "REASON_MARK" } },
    { markers: M },
  ),
  oneHook(
    "out-stop-active-guard",
    "Stop blocks only while stop_hook_active is false",
    "Stop",
    {
      shell: 'case "$input" in *\'"stop_hook_active":true\'*) exit 0;; esac',
      stdout: { decision: "block", reason: "REASON_MARK" },
    },
    { markers: M },
  ),
  oneHook(
    "out-end-context",
    "SessionEnd output is ignored",
    "SessionEnd",
    { stdout: { systemMessage: "SYS_MARK" } },
    { markers: M },
  ),
];
