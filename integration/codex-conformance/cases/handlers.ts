// Several hooks on one event: all run, at once; how their answers combine; timeouts and handler fields.
import type { ConformanceCase } from "../src/case.js";
import { bashRan, hook, hooks, oneHook, ranFile, specific } from "./helpers.js";

const deny = specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "DENY_MARK" });
const allow = specific("PreToolUse", { permissionDecision: "allow", permissionDecisionReason: "ALLOW_MARK" });

/** Waits (up to 5 s) for the other hook to have started: `together` only when both run at the same time. */
const meet = (self: string, other: string) => ({
  shell: [
    `touch @LOG@/${self}.started`,
    "i=0",
    `while [ ! -e @LOG@/${other}.started ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done`,
    `if [ -e @LOG@/${other}.started ]; then echo together > @P@/${self}.txt; else echo alone > @P@/${self}.txt; fi`,
  ].join("\n"),
});

export const handlerCases: ConformanceCase[] = [
  {
    id: "multi-both-run",
    about: "two groups on PreToolUse: both hooks run",
    hooks: { project: hooks(hook("PreToolUse", "a", { matcher: "Bash" }), hook("PreToolUse", "b")) },
    scripts: { a: {}, b: {} },
    calls: [bashRan],
    observe: { files: ranFile },
  },
  {
    id: "multi-concurrent",
    about: "matching hooks of one event are launched at the same time",
    hooks: { project: hooks(hook("PreToolUse", "a"), hook("PreToolUse", "b")) },
    scripts: { a: meet("a", "b"), b: meet("b", "a") },
    calls: [bashRan],
    observe: { files: ["ran.txt", "a.txt", "b.txt"] },
  },
  {
    id: "multi-concurrent-one-group",
    about: "two handlers of one group are launched at the same time",
    hooks: { project: { PreToolUse: [{ matcher: "Bash", hooks: [{ run: "a" }, { run: "b" }] }] } },
    scripts: { a: meet("a", "b"), b: meet("b", "a") },
    calls: [bashRan],
    observe: { files: ["ran.txt", "a.txt", "b.txt"] },
  },
  {
    id: "multi-deny-beats-allow",
    about: "one hook denies, another allows: the call is blocked",
    hooks: { project: hooks(hook("PreToolUse", "a"), hook("PreToolUse", "b")) },
    scripts: { a: { stdout: allow }, b: { stdout: deny } },
    calls: [bashRan],
    observe: { files: ranFile, markers: ["DENY_MARK", "ALLOW_MARK"] },
  },
  {
    id: "multi-exit2-and-context",
    about: "one hook blocks with exit 2, another adds context",
    hooks: { project: hooks(hook("PreToolUse", "a"), hook("PreToolUse", "b")) },
    scripts: {
      a: { exit: 2, stderr: "BLOCK_MARK" },
      b: { stdout: specific("PreToolUse", { additionalContext: "CTX_MARK" }) },
    },
    calls: [bashRan],
    observe: { files: ranFile, markers: ["BLOCK_MARK", "CTX_MARK"] },
  },
  {
    id: "multi-two-contexts",
    about: "two PostToolUse hooks each add context: both reach the model",
    hooks: { project: hooks(hook("PostToolUse", "a"), hook("PostToolUse", "b")) },
    scripts: {
      a: { stdout: specific("PostToolUse", { additionalContext: "CTX_A_MARK" }) },
      b: { stdout: specific("PostToolUse", { additionalContext: "CTX_B_MARK" }) },
    },
    calls: [bashRan],
    observe: { files: ranFile, markers: ["CTX_A_MARK", "CTX_B_MARK"] },
  },
  {
    id: "multi-identical-twice",
    about: "the same command in two groups: how often it runs",
    hooks: { project: hooks(hook("PreToolUse", "a"), hook("PreToolUse", "a", { matcher: "Bash" })) },
    scripts: { a: {} },
    calls: [bashRan],
    observe: { files: ranFile },
  },
  {
    id: "multi-two-calls",
    about: "two shell calls: the hook runs for each, blocking only the second",
    hooks: { project: hook("PreToolUse", "h", { matcher: "Bash" }) },
    scripts: { h: { shell: '[ "$n" -lt 2 ] && exit 0', exit: 2, stderr: "BLOCK_MARK" } },
    calls: [bashRan, { tool: "exec_command", input: { cmd: "echo second > second.txt" } }],
    observe: { files: ["ran.txt", "second.txt"], markers: ["BLOCK_MARK"] },
  },
  oneHook(
    "timeout-pre",
    "PreToolUse hook slower than its timeout: killed, the command runs",
    "PreToolUse",
    { sleep: 5, exit: 2, stderr: "LATE_MARK" },
    { matcher: "Bash", extra: { timeout: 1 }, markers: ["LATE_MARK"] },
  ),
  oneHook(
    "timeout-sec-alias",
    "timeoutSec is read as the timeout",
    "PreToolUse",
    { sleep: 5, exit: 2, stderr: "LATE_MARK" },
    { matcher: "Bash", extra: { timeoutSec: 1 }, markers: ["LATE_MARK"] },
  ),
  oneHook(
    "timeout-in-time",
    "a hook that answers within its timeout blocks",
    "PreToolUse",
    { exit: 2, stderr: "BLOCK_MARK" },
    { matcher: "Bash", extra: { timeout: 30 }, markers: ["BLOCK_MARK"] },
  ),
  oneHook(
    "handler-status-message",
    "statusMessage is accepted",
    "PreToolUse",
    { exit: 2, stderr: "BLOCK_MARK" },
    { matcher: "Bash", extra: { statusMessage: "checking" }, markers: ["BLOCK_MARK"] },
  ),
  {
    id: "handler-prompt-type",
    about: "a prompt handler is skipped; the command handler beside it runs",
    hooks: {
      project: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "is this ok?" }, { run: "h" }] }],
      },
    },
    scripts: { h: { exit: 2, stderr: "BLOCK_MARK" } },
    calls: [bashRan],
    observe: { files: ranFile, markers: ["BLOCK_MARK"] },
  },
  {
    id: "handler-empty-command",
    about: "an empty command is skipped; its neighbour runs",
    hooks: {
      project: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "  " }, { run: "h" }] }],
      },
    },
    scripts: { h: { exit: 2, stderr: "BLOCK_MARK" } },
    calls: [bashRan],
    observe: { files: ranFile, markers: ["BLOCK_MARK"] },
  },

  oneHook(
    "handler-async",
    "an async PreToolUse hook cannot block",
    "PreToolUse",
    { exit: 2, stderr: "BLOCK_MARK" },
    { matcher: "Bash", extra: { async: true }, markers: ["BLOCK_MARK"] },
  ),
  oneHook(
    "exit-pre-2-blank-stderr",
    "PreToolUse exit 2 with only blanks on stderr",
    "PreToolUse",
    { exit: 2, stderr: "   " },
    { matcher: "Bash" },
  ),
];
