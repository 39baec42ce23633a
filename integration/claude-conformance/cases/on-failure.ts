// `onFailure` on command handlers: what Claude Code does with a failing hook that says "block" (and "continue").
import type { ConformanceCase } from "../src/case.js";
import { oneHook } from "./helpers.js";

const M = ["STDERR_MARK", "REASON_MARK"];
const block = { onFailure: "block" };

export const onFailureCases: ConformanceCase[] = [
  oneHook(
    "onfail-pre-exit-1",
    'PreToolUse exit 1 with onFailure "block": the call is refused',
    "PreToolUse",
    { exit: 1, stderr: "STDERR_MARK" },
    { matcher: "Bash", extra: block, markers: M },
  ),
  oneHook(
    "onfail-pre-exit-127",
    'PreToolUse exit 127 (a CRLF script) with onFailure "block"',
    "PreToolUse",
    { exit: 127, stderr: "STDERR_MARK" },
    { matcher: "Bash", extra: block, markers: M },
  ),
  oneHook(
    "onfail-pre-broken-json",
    'PreToolUse exit 0 printing JSON that does not parse, with onFailure "block"',
    "PreToolUse",
    { stdout: '{"decision": block, "reason": "REASON_MARK"}' },
    { matcher: "Bash", extra: block, markers: M },
  ),
  oneHook(
    "onfail-pre-plain-text",
    'PreToolUse exit 0 printing plain text, with onFailure "block"',
    "PreToolUse",
    { stdout: "REASON_MARK plain" },
    { matcher: "Bash", extra: block, markers: M },
  ),
  oneHook(
    "onfail-pre-timeout",
    'PreToolUse past its timeout with onFailure "block"',
    "PreToolUse",
    { sleep: 4, stderr: "STDERR_MARK" },
    { matcher: "Bash", extra: { ...block, timeout: 1 }, markers: M },
  ),
  oneHook(
    "onfail-pre-continue",
    'PreToolUse exit 1 with onFailure "continue": the call runs',
    "PreToolUse",
    { exit: 1, stderr: "STDERR_MARK" },
    { matcher: "Bash", extra: { onFailure: "continue" }, markers: M },
  ),
  oneHook(
    "onfail-pre-other-value",
    'PreToolUse exit 1 with onFailure "yes" (neither value)',
    "PreToolUse",
    { exit: 1, stderr: "STDERR_MARK" },
    { matcher: "Bash", extra: { onFailure: "yes" }, markers: M },
  ),
  oneHook(
    "onfail-pre-ok",
    'PreToolUse exit 0, no output, with onFailure "block": the call runs',
    "PreToolUse",
    {},
    { matcher: "Bash", extra: block, markers: M },
  ),
  oneHook(
    "onfail-post-exit-1",
    'PostToolUse exit 1 with onFailure "block"',
    "PostToolUse",
    { exit: 1, stderr: "STDERR_MARK" },
    { matcher: "Bash", extra: block, markers: M },
  ),
  oneHook(
    "onfail-prompt-exit-1",
    'UserPromptSubmit exit 1 with onFailure "block"',
    "UserPromptSubmit",
    { exit: 1, stderr: "STDERR_MARK" },
    { extra: block, markers: M },
  ),
];
