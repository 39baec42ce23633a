// Copilot CLI's own format (`.github/hooks/*.json`, `version: 1`, `bash` handlers): stdin, exit codes, JSON output.
import type { CopilotCase } from "../src/case.js";
import { bashRan, native, oneHook, ranFile } from "./helpers.js";

const STDERR = "STDERR_MARK";
const REASON = "REASON_MARK";
const CTX = "CTX_MARK";
const log = {};

export const nativeCases: CopilotCase[] = [
  {
    id: "events-lifecycle",
    about:
      "sessionStart, userPromptSubmitted, preToolUse, postToolUse, agentStop, sessionEnd: each once, in order, with its input",
    hookFiles: {
      "project/.github/hooks/all.json": native({
        sessionStart: [{ run: "sessionStart" }],
        userPromptSubmitted: [{ run: "userPromptSubmitted" }],
        preToolUse: [{ run: "preToolUse" }],
        postToolUse: [{ run: "postToolUse" }],
        agentStop: [{ run: "agentStop" }],
        sessionEnd: [{ run: "sessionEnd" }],
      }),
    },
    scripts: {
      sessionStart: log,
      userPromptSubmitted: log,
      preToolUse: log,
      postToolUse: log,
      agentStop: log,
      sessionEnd: log,
    },
    calls: [bashRan],
    prompt: "please go",
    observe: { files: ranFile },
  },
  {
    id: "tool-view",
    about: "preToolUse / postToolUse on the view tool: toolName view, toolArgs {path}",
    hookFiles: {
      "project/.github/hooks/all.json": native({
        preToolUse: [{ run: "pre" }],
        postToolUse: [{ run: "post" }],
      }),
    },
    scripts: { pre: log, post: log },
    files: { "notes.txt": "NOTES_MARK\n" },
    calls: [{ tool: "view", input: { path: "@P@/notes.txt" } }],
    observe: { markers: ["NOTES_MARK"] },
  },
  {
    id: "tool-failure",
    about: "a view of a missing file fails: postToolUseFailure runs with the error, postToolUse does not",
    hookFiles: {
      "project/.github/hooks/all.json": native({
        postToolUse: [{ run: "post" }],
        postToolUseFailure: [{ run: "failure" }],
      }),
    },
    scripts: { post: log, failure: log },
    calls: [{ tool: "view", input: { path: "@P@/missing.txt" } }],
  },
  {
    id: "tool-create",
    about:
      "preToolUse deny on the create tool: toolName create, toolArgs {path, file_text}; the file is not written",
    hookFiles: { "project/.github/hooks/all.json": native({ preToolUse: [{ run: "pre" }] }) },
    scripts: { pre: { stdout: { permissionDecision: "deny", permissionDecisionReason: REASON } } },
    calls: [{ tool: "create", input: { path: "@P@/new.txt", file_text: "hello\n" } }],
    observe: { files: ["new.txt"], markers: [REASON] },
  },
  {
    id: "tool-failure-context",
    about: "postToolUseFailure additionalContext reaches the model beside the failed result",
    hookFiles: { "project/.github/hooks/all.json": native({ postToolUseFailure: [{ run: "failure" }] }) },
    scripts: { failure: { stdout: { additionalContext: CTX } } },
    calls: [{ tool: "view", input: { path: "@P@/missing.txt" } }],
    observe: { markers: [CTX] },
  },
  oneHook("exit-pre-0", "preToolUse exit 0, no output: the tool runs", "preToolUse", {}),
  oneHook(
    "exit-pre-1",
    "preToolUse exit 1: denied (fail-closed)",
    "preToolUse",
    { exit: 1, stderr: STDERR },
    { markers: [STDERR] },
  ),
  oneHook(
    "exit-pre-2",
    "preToolUse exit 2: denied; stderr does not reach the model",
    "preToolUse",
    { exit: 2, stderr: STDERR },
    { markers: [STDERR] },
  ),
  oneHook(
    "exit-pre-3",
    "preToolUse exit 3",
    "preToolUse",
    { exit: 3, stderr: STDERR },
    { markers: [STDERR] },
  ),
  oneHook(
    "exit-pre-0-text",
    "preToolUse exit 0 with plain text on stdout: the tool runs",
    "preToolUse",
    { stdout: "TEXT_MARK" },
    { markers: ["TEXT_MARK"] },
  ),
  oneHook(
    "json-deny",
    "permissionDecision deny: denied, the reason reaches the model",
    "preToolUse",
    { stdout: { permissionDecision: "deny", permissionDecisionReason: REASON } },
    { markers: [REASON] },
  ),
  oneHook("json-deny-no-reason", "permissionDecision deny without a reason: denied", "preToolUse", {
    stdout: { permissionDecision: "deny" },
  }),
  oneHook(
    "json-allow",
    "permissionDecision allow: the tool runs",
    "preToolUse",
    {
      stdout: { permissionDecision: "allow", permissionDecisionReason: REASON },
    },
    { markers: [REASON] },
  ),
  oneHook(
    "json-ask",
    "permissionDecision ask, headless with --allow-all-tools",
    "preToolUse",
    {
      stdout: { permissionDecision: "ask", permissionDecisionReason: REASON },
    },
    { markers: [REASON] },
  ),
  oneHook(
    "json-deny-exit-2",
    "exit 2 with a JSON deny on stdout: denied; which text reaches the model",
    "preToolUse",
    {
      exit: 2,
      stderr: STDERR,
      stdout: { permissionDecision: "deny", permissionDecisionReason: REASON },
    },
    { markers: [STDERR, REASON] },
  ),
  oneHook("json-modified-args", "modifiedArgs replaces the tool's arguments", "preToolUse", {
    stdout: { modifiedArgs: { command: "echo changed > ran.txt", description: "changed" } },
  }),
  oneHook(
    "json-pre-context",
    "preToolUse additionalContext",
    "preToolUse",
    { stdout: { additionalContext: CTX } },
    { markers: [CTX] },
  ),
  oneHook(
    "post-exit-2",
    "postToolUse exit 2: no effect",
    "postToolUse",
    { exit: 2, stderr: STDERR },
    { markers: [STDERR] },
  ),
  oneHook(
    "post-modified-result",
    "postToolUse modifiedResult replaces what the model sees",
    "postToolUse",
    {
      stdout: { modifiedResult: { resultType: "success", textResultForLlm: "RESULT_MARK" } },
    },
    { markers: ["RESULT_MARK"] },
  ),
  oneHook(
    "post-context",
    "postToolUse additionalContext reaches the model",
    "postToolUse",
    { stdout: { additionalContext: CTX } },
    { markers: [CTX] },
  ),
  oneHook(
    "prompt-context",
    "userPromptSubmitted additionalContext reaches the model",
    "userPromptSubmitted",
    { stdout: { additionalContext: CTX } },
    { markers: [CTX] },
  ),
  oneHook(
    "prompt-modified",
    "userPromptSubmitted modifiedPrompt replaces the prompt",
    "userPromptSubmitted",
    { stdout: { modifiedPrompt: "PROMPT_MARK" } },
    { markers: ["PROMPT_MARK"] },
  ),
  oneHook(
    "prompt-block",
    "userPromptSubmitted decision block: no model turn",
    "userPromptSubmitted",
    { stdout: { decision: "block", reason: REASON } },
    { markers: [REASON] },
  ),
  oneHook(
    "prompt-exit-2",
    "userPromptSubmitted exit 2",
    "userPromptSubmitted",
    { exit: 2, stderr: STDERR },
    { markers: [STDERR] },
  ),
  oneHook(
    "session-start-context",
    "sessionStart additionalContext reaches the model",
    "sessionStart",
    { stdout: { additionalContext: CTX } },
    { markers: [CTX] },
  ),
  oneHook(
    "agent-stop-block",
    "agentStop decision block once: the reason is a new turn, then stop_hook_active",
    "agentStop",
    {
      shell: `[ "$(wc -l < '@LOG@/h.jsonl' | tr -d ' ')" = 1 ] && { printf '%s\\n' '{"decision":"block","reason":"REASON_MARK"}'; exit 0; }`,
    },
    { markers: [REASON] },
  ),
  oneHook(
    "handler-cwd",
    "cwd (relative to the repository root) is where the command runs",
    "preToolUse",
    {
      shell: `pwd > '@P@/pwd.txt'`,
    },
    { extra: { cwd: "sub" }, setup: { "sub/keep.txt": "" }, files: ["pwd.txt", "ran.txt"] },
  ),
  oneHook(
    "handler-cwd-default",
    "without cwd the command runs in the repository root; the environment it gets",
    "preToolUse",
    {
      shell: `pwd > '@P@/pwd.txt'; printf '%s|%s|%s\\n' "$COPILOT_PROJECT_DIR" "$CLAUDE_PROJECT_DIR" "$COPILOT_HOOK_DIR" > '@P@/env.txt'`,
    },
    { files: ["pwd.txt", "env.txt", "ran.txt"] },
  ),
  oneHook(
    "handler-env",
    "env sets variables for the command",
    "preToolUse",
    {
      shell: `printf '%s\\n' "$HW_FOO" > '@P@/env.txt'`,
    },
    { extra: { env: { HW_FOO: "bar" } }, files: ["env.txt", "ran.txt"] },
  ),
  oneHook(
    "handler-timeout",
    "timeoutSec 1 on a hook that sleeps 4 s",
    "preToolUse",
    { sleep: 4 },
    { extra: { timeoutSec: 1 } },
  ),
  oneHook(
    "native-matcher-regex",
    "a regex matcher on a native preToolUse handler that matches bash",
    "preToolUse",
    { stdout: { permissionDecision: "deny", permissionDecisionReason: REASON } },
    { extra: { matcher: "ba.*" }, markers: [REASON] },
  ),
  oneHook(
    "json-deny-exit-1",
    "exit 1 with a JSON deny on stdout",
    "preToolUse",
    { exit: 1, stdout: { permissionDecision: "deny", permissionDecisionReason: REASON } },
    { markers: [REASON] },
  ),
  oneHook(
    "agent-stop-exit-2",
    "agentStop exit 2 once: does it make the agent continue?",
    "agentStop",
    {
      shell: `[ "$(wc -l < '@LOG@/h.jsonl' | tr -d ' ')" = 1 ] && { printf '%s\\n' STDERR_MARK >&2; exit 2; }`,
    },
    { markers: [STDERR] },
  ),
  {
    id: "handler-powershell-only",
    about: "a handler with only powershell (no bash) on Linux does not run",
    hookFiles: {
      "project/.github/hooks/guard.json": native({
        preToolUse: [{ type: "command", powershell: "exit 2" }],
        postToolUse: [{ run: "post" }],
      }),
    },
    scripts: { post: log },
    calls: [bashRan],
    observe: { files: ranFile },
  },
  oneHook(
    "native-matcher",
    "a matcher on a native preToolUse handler that does not name the tool",
    "preToolUse",
    {
      stdout: { permissionDecision: "deny" },
    },
    { extra: { matcher: "view" } },
  ),
];
