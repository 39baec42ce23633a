// Exit codes 0 / 1 / 2 / other on each event Codex runs, with and without JSON on stdout.
import type { ConformanceCase } from "../src/case.js";
import { oneHook, specific } from "./helpers.js";

const STDERR = "STDERR_MARK";
const CTX = "CTX_MARK";
const markers = [STDERR, CTX];
const deny = specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "REASON_MARK" });

export const exitCodeCases: ConformanceCase[] = [
  oneHook(
    "exit-pre-0",
    "PreToolUse exit 0, no output: the command runs",
    "PreToolUse",
    {},
    { matcher: "Bash" },
  ),
  oneHook(
    "exit-pre-1",
    "PreToolUse exit 1: non-blocking, the command runs",
    "PreToolUse",
    { exit: 1, stderr: STDERR },
    { matcher: "Bash", markers },
  ),
  oneHook(
    "exit-pre-2",
    "PreToolUse exit 2: blocked, stderr reaches the model",
    "PreToolUse",
    { exit: 2, stderr: STDERR },
    { matcher: "Bash", markers },
  ),
  oneHook(
    "exit-pre-2-silent",
    "PreToolUse exit 2 with nothing on stderr",
    "PreToolUse",
    { exit: 2 },
    { matcher: "Bash" },
  ),
  oneHook(
    "exit-pre-3",
    "PreToolUse exit 3: non-blocking",
    "PreToolUse",
    { exit: 3, stderr: STDERR },
    { matcher: "Bash", markers },
  ),
  oneHook(
    "exit-pre-2-json-deny-only",
    "PreToolUse exit 2, the reason only as JSON on stdout",
    "PreToolUse",
    { exit: 2, stdout: deny },
    { matcher: "Bash", markers: ["REASON_MARK"] },
  ),
  oneHook(
    "exit-pre-1-json-deny",
    "PreToolUse exit 1 with a JSON deny: JSON ignored, the command runs",
    "PreToolUse",
    { exit: 1, stdout: deny },
    { matcher: "Bash", markers: ["REASON_MARK"] },
  ),
  oneHook(
    "exit-pre-0-plain-text",
    "PreToolUse exit 0 with plain text on stdout",
    "PreToolUse",
    { stdout: "PLAIN_MARK" },
    { matcher: "Bash", markers: ["PLAIN_MARK"] },
  ),
  oneHook(
    "exit-pre-2-plain-stdout",
    "PreToolUse exit 2 with plain text on stdout: stdout ignored",
    "PreToolUse",
    { exit: 2, stderr: STDERR, stdout: "PLAIN_MARK" },
    { matcher: "Bash", markers: [...markers, "PLAIN_MARK"] },
  ),
  oneHook("exit-post-0", "PostToolUse exit 0: nothing changes", "PostToolUse", {}, { matcher: "Bash" }),
  oneHook(
    "exit-post-1",
    "PostToolUse exit 1: not shown to the model",
    "PostToolUse",
    { exit: 1, stderr: STDERR },
    { matcher: "Bash", markers },
  ),
  oneHook(
    "exit-post-2",
    "PostToolUse exit 2: stderr replaces what the model sees",
    "PostToolUse",
    { exit: 2, stderr: STDERR },
    { matcher: "Bash", markers },
  ),
  oneHook(
    "exit-post-2-failed-command",
    "PostToolUse exit 2 after a command that failed",
    "PostToolUse",
    { exit: 2, stderr: STDERR },
    { matcher: "Bash", markers, calls: [{ tool: "exec_command", input: { cmd: "exit 4" } }] },
  ),
  oneHook(
    "exit-prompt-2",
    "UserPromptSubmit exit 2: the prompt is refused",
    "UserPromptSubmit",
    { exit: 2, stderr: STDERR },
    { markers },
  ),
  oneHook(
    "exit-prompt-1",
    "UserPromptSubmit exit 1: non-blocking",
    "UserPromptSubmit",
    { exit: 1, stderr: STDERR },
    { markers },
  ),
  oneHook(
    "exit-prompt-0-plain",
    "UserPromptSubmit exit 0 plain stdout: context for the model",
    "UserPromptSubmit",
    { stdout: "PLAIN_MARK" },
    { markers: ["PLAIN_MARK"] },
  ),
  oneHook(
    "exit-start-0-plain",
    "SessionStart exit 0 plain stdout: context for the model",
    "SessionStart",
    { stdout: "PLAIN_MARK" },
    { markers: ["PLAIN_MARK"] },
  ),
  oneHook(
    "exit-start-2",
    "SessionStart exit 2: cannot block",
    "SessionStart",
    { exit: 2, stderr: STDERR },
    { markers },
  ),
  oneHook(
    "exit-stop-2-once",
    "Stop exit 2 the first time: the model is re-prompted with stderr",
    "Stop",
    { shell: '[ "$n" -gt 1 ] && exit 0', exit: 2, stderr: STDERR },
    { markers },
  ),
  oneHook(
    "exit-stop-2-always",
    "Stop exit 2 every time",
    "Stop",
    { shell: '[ "$n" -gt 3 ] && exit 0', exit: 2, stderr: STDERR },
    { markers },
  ),
  oneHook(
    "exit-stop-1",
    "Stop exit 1: the stop goes ahead",
    "Stop",
    { exit: 1, stderr: STDERR },
    { markers },
  ),
  oneHook(
    "exit-end-2",
    "SessionEnd exit 2: nothing to block",
    "SessionEnd",
    { exit: 2, stderr: STDERR },
    { markers },
  ),
];
