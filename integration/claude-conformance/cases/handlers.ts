// Handler behaviour: timeouts, duplicates, parallel hooks, async hooks, http hooks.
import type { ConformanceCase } from "../src/case.js";
import { bashRan, oneHook, specific } from "./helpers.js";

const deny = specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "REASON_MARK" });
const M = ["REASON_MARK", "CTX_MARK", "CTX2_MARK", "STDERR_MARK"];

export const handlerCases: ConformanceCase[] = [
  oneHook(
    "timeout-pre",
    "a PreToolUse hook past its timeout: killed, non-blocking",
    "PreToolUse",
    { sleep: 4, exit: 2, stderr: "STDERR_MARK" },
    { matcher: "Bash", extra: { timeout: 1 }, markers: M },
  ),
  oneHook(
    "timeout-post",
    "a PostToolUse hook past its timeout",
    "PostToolUse",
    { sleep: 4, stdout: { decision: "block", reason: "REASON_MARK" } },
    { matcher: "Bash", extra: { timeout: 1 }, markers: M },
  ),
  {
    id: "dup-same-command",
    about: "the same command in two matching groups runs once",
    settings: {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ run: "h" }] },
          { matcher: "*", hooks: [{ run: "h" }] },
        ],
      },
    },
    scripts: { h: {} },
    calls: [bashRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "dup-same-group",
    about: "the same command twice in one group runs once",
    settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ run: "h" }, { run: "h" }] }] } },
    scripts: { h: {} },
    calls: [bashRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "parallel-two-contexts",
    about: "two hooks each giving context: both reach the model",
    settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ run: "a" }, { run: "b" }] }] } },
    scripts: {
      a: { stdout: specific("PreToolUse", { additionalContext: "CTX_MARK" }) },
      b: { stdout: specific("PreToolUse", { additionalContext: "CTX2_MARK" }) },
    },
    calls: [bashRan],
    observe: { files: ["ran.txt"], markers: M },
  },
  {
    id: "parallel-allow-and-deny",
    about: "one hook allows, another denies: deny wins",
    settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ run: "a" }, { run: "b" }] }] } },
    scripts: { a: { stdout: specific("PreToolUse", { permissionDecision: "allow" }) }, b: { stdout: deny } },
    calls: [bashRan],
    observe: { files: ["ran.txt"], markers: M },
  },
  {
    id: "parallel-exit2-and-context",
    about: "one hook exits 2, another gives context",
    settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ run: "a" }, { run: "b" }] }] } },
    scripts: {
      a: { exit: 2, stderr: "STDERR_MARK" },
      b: { stdout: specific("PreToolUse", { additionalContext: "CTX_MARK" }) },
    },
    calls: [bashRan],
    observe: { files: ["ran.txt"], markers: M },
  },
  oneHook(
    "async-pre-exit2",
    "an async PreToolUse hook exiting 2 does not block",
    "PreToolUse",
    { exit: 2, stderr: "STDERR_MARK" },
    { matcher: "Bash", extra: { async: true }, markers: M },
  ),
  oneHook(
    "async-post-logs",
    "an async PostToolUse hook still gets the input",
    "PostToolUse",
    {},
    { matcher: "Bash", extra: { async: true } },
  ),
  {
    id: "dup-same-url",
    about: "the same http URL in two matching groups runs once",
    settings: {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ route: "web" }] },
          { matcher: "*", hooks: [{ route: "web" }] },
        ],
      },
    },
    http: { web: { body: "" } },
    calls: [bashRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "dup-same-command-other-timeout",
    about: "the same command with different timeouts",
    settings: {
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { run: "h", timeout: 30 },
              { run: "h", timeout: 60 },
            ],
          },
        ],
      },
    },
    scripts: { h: {} },
    calls: [bashRan],
    observe: { files: ["ran.txt"] },
  },
  oneHook(
    "async-post-context",
    "an async PostToolUse hook's additionalContext",
    "PostToolUse",
    { stdout: specific("PostToolUse", { additionalContext: "CTX_MARK" }) },
    {
      matcher: "Bash",
      extra: { async: true },
      markers: M,
      calls: [bashRan, { tool: "Bash", input: { command: "sleep 1" } }],
    },
  ),
  {
    id: "command-exec-form",
    about: "a command handler with args (exec form, no shell)",
    settings: {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "sh", args: ["@P@/.claude/hooks/h.sh"] }] },
        ],
      },
    },
    scripts: { h: { exit: 2, stderr: "STDERR_MARK" } },
    calls: [bashRan],
    observe: { files: ["ran.txt"], markers: M },
  },
  {
    id: "http-pre-deny",
    about: "an http PreToolUse hook answering deny",
    settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ route: "web" }] }] } },
    http: { web: { body: deny } },
    calls: [bashRan],
    observe: { files: ["ran.txt"], markers: M },
  },
  {
    id: "http-pre-500",
    about: "an http hook answering 500: non-blocking",
    settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ route: "web" }] }] } },
    http: { web: { status: 500, body: deny } },
    calls: [bashRan],
    observe: { files: ["ran.txt"], markers: M },
  },
  {
    id: "http-post-context",
    about: "an http PostToolUse hook giving context (and its POST body shape)",
    settings: { hooks: { PostToolUse: [{ matcher: "Bash", hooks: [{ route: "web" }] }] } },
    http: { web: { body: specific("PostToolUse", { additionalContext: "CTX_MARK" }) } },
    calls: [bashRan],
    observe: { files: ["ran.txt"], markers: M },
  },
  {
    id: "http-prompt-block",
    about: "an http UserPromptSubmit hook blocking the prompt",
    settings: { hooks: { UserPromptSubmit: [{ hooks: [{ route: "web" }] }] } },
    http: { web: { body: { decision: "block", reason: "REASON_MARK" } } },
    calls: [bashRan],
    observe: { files: ["ran.txt"], markers: M },
  },
  {
    id: "http-pre-plain-text",
    about: "an http hook answering 200 with plain text",
    settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ route: "web" }] }] } },
    http: { web: { body: "CTX_MARK" } },
    calls: [bashRan],
    observe: { files: ["ran.txt"], markers: M },
  },
];
