// Tool events: beforeShellExecution / afterShellExecution, preToolUse / postToolUse / postToolUseFailure, file events.
import type { CursorCase, HookScript } from "../src/case.js";
import { COMMON, cursor, DOCS, NOT_RAN, RAN, shellRan } from "./helpers.js";

const AGENT = "AGENT_MARK";
const USER = "USER_MARK";
const log = {};

function shellHook(
  id: string,
  about: string,
  source: string,
  script: HookScript,
  expect: CursorCase["expect"],
  extra: Record<string, unknown> = {},
): CursorCase {
  return {
    id,
    about,
    source,
    hookFiles: { "project/.cursor/hooks.json": cursor({ beforeShellExecution: [{ run: "h", ...extra }] }) },
    scripts: { h: script },
    calls: [shellRan],
    markers: [AGENT, USER],
    observeFiles: ["ran.txt"],
    expect,
  };
}

export const toolCases: CursorCase[] = [
  shellHook(
    "shell-input",
    "beforeShellExecution gets the command, its cwd and the common fields",
    `${DOCS.hooks}: beforeShellExecution input {command, cwd} + common schema`,
    log,
    {
      files: RAN,
      hooks: {
        h: [
          {
            ...COMMON,
            hook_event_name: "beforeShellExecution",
            command: "echo ran > ran.txt",
            cwd: "<root>/project",
          },
        ],
      },
    },
  ),
  shellHook(
    "shell-deny",
    "permission deny blocks the command; agent_message reaches the model, user_message does not",
    `${DOCS.hooks}: output {permission, user_message (shown in client), agent_message (sent to agent)}`,
    { stdout: { permission: "deny", user_message: USER, agent_message: AGENT } },
    { files: NOT_RAN, toolResults: 1, markers: { [AGENT]: true, [USER]: false } },
  ),
  shellHook(
    "shell-allow",
    "permission allow runs the command",
    `${DOCS.hooks}: permission "allow"`,
    { stdout: { permission: "allow", agent_message: AGENT } },
    { files: RAN, markers: { [AGENT]: false, [USER]: false } },
  ),
  shellHook(
    "shell-ask-headless",
    "permission ask with no one to ask: denied",
    `${DOCS.hooks}: "ask" prompts the user; decision: without a UI hookwire denies (docs/security.md)`,
    { stdout: { permission: "ask", agent_message: AGENT } },
    { files: NOT_RAN, markers: { [AGENT]: true } },
  ),
  shellHook(
    "shell-exit-2",
    "exit 2 blocks, like permission deny",
    `${DOCS.hooks}: exit code 2 blocks the action (equivalent to permission "deny")`,
    { exit: 2, stderr: AGENT },
    { files: NOT_RAN, toolResults: 1 },
  ),
  shellHook(
    "shell-exit-1",
    "another non-zero exit is a hook failure: fail-open, the command runs",
    `${DOCS.hooks}: other exit codes are hook failures; the action proceeds unless failClosed`,
    { exit: 1, stdout: { permission: "deny" } },
    { files: RAN },
  ),
  shellHook(
    "shell-exit-1-fail-closed",
    "failClosed: a failing hook blocks",
    `${DOCS.hooks}: failClosed: true blocks when the hook fails (crash, timeout, invalid output)`,
    { exit: 1 },
    { files: NOT_RAN },
    { failClosed: true },
  ),
  shellHook(
    "shell-invalid-json",
    "stdout that is not JSON on exit 0: ignored, the command runs",
    `${DOCS.hooks}: output is JSON on stdout; decision: anything else is a failure (fail-open)`,
    { stdout: "not json" },
    { files: RAN },
  ),
  shellHook(
    "shell-timeout-fail-closed",
    "a hook slower than its timeout (seconds) with failClosed: blocked",
    `${DOCS.hooks}: timeout in seconds; a timed-out hook is a failure`,
    { sleep: 5 },
    { files: NOT_RAN },
    { timeout: 1, failClosed: true },
  ),
  {
    id: "shell-after",
    about: "afterShellExecution gets the command, its output and a duration",
    source: `${DOCS.hooks}: afterShellExecution input {command, output, duration}`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ afterShellExecution: [{ run: "h" }] }) },
    scripts: { h: log },
    calls: [{ tool: "Shell", input: { command: "echo OUT_MARK" } }],
    expect: {
      hooks: {
        h: [
          {
            ...COMMON,
            hook_event_name: "afterShellExecution",
            command: "echo OUT_MARK",
            duration: "<number>",
          },
        ],
      },
    },
  },
  {
    id: "pre-tool-input",
    about: "preToolUse fires for every tool: tool_name Shell, tool_input {command}, tool_use_id, cwd",
    source: `${DOCS.hooks}: preToolUse input {tool_name, tool_input, tool_use_id, cwd}`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ preToolUse: [{ run: "h" }] }) },
    scripts: { h: log },
    calls: [shellRan, { tool: "Read", input: { file_path: "@P@/notes.txt" } }],
    files: { "notes.txt": "notes\n" },
    observeFiles: ["ran.txt"],
    expect: {
      files: RAN,
      hooks: {
        h: [
          {
            ...COMMON,
            hook_event_name: "preToolUse",
            tool_name: "Shell",
            tool_input: { command: "echo ran > ran.txt" },
            tool_use_id: "<string>",
            cwd: "<root>/project",
          },
          {
            hook_event_name: "preToolUse",
            tool_name: "Read",
            tool_input: { file_path: "<root>/project/notes.txt" },
          },
        ],
      },
    },
  },
  {
    id: "pre-tool-matcher",
    about: 'preToolUse matcher: "Shell" runs for Shell only, "Read" does not run for Shell',
    source: `${DOCS.hooks}: matcher filters preToolUse / postToolUse by tool name`,
    hookFiles: {
      "project/.cursor/hooks.json": cursor({
        preToolUse: [
          { run: "shell", matcher: "Shell" },
          { run: "read", matcher: "Read" },
        ],
      }),
    },
    scripts: {
      shell: { stdout: { permission: "deny", agent_message: AGENT } },
      read: { stdout: { permission: "allow" } },
    },
    calls: [shellRan],
    markers: [AGENT],
    observeFiles: ["ran.txt"],
    expect: {
      files: NOT_RAN,
      markers: { [AGENT]: true },
      hooks: { shell: [{ tool_name: "Shell" }], read: [] },
    },
  },
  {
    id: "pre-tool-updated-input",
    about: "preToolUse updated_input replaces the tool input",
    source: `${DOCS.hooks}: preToolUse output updated_input`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ preToolUse: [{ run: "h" }] }) },
    scripts: { h: { stdout: { permission: "allow", updated_input: { command: "echo changed > ran.txt" } } } },
    calls: [shellRan],
    observeFiles: ["ran.txt"],
    expect: { files: { "ran.txt": "changed\n" } },
  },
  {
    id: "pre-tool-deny-and-shell-hook",
    about: "preToolUse and beforeShellExecution both run for a Shell call; a deny from either blocks",
    source: `${DOCS.hooks}: preToolUse is generic, beforeShellExecution specific; both gate the call`,
    hookFiles: {
      "project/.cursor/hooks.json": cursor({
        preToolUse: [{ run: "pre" }],
        beforeShellExecution: [{ run: "shell" }],
      }),
    },
    scripts: { pre: { stdout: { permission: "allow" } }, shell: { stdout: { permission: "deny" } } },
    calls: [shellRan],
    observeFiles: ["ran.txt"],
    expect: {
      files: NOT_RAN,
      hooks: { pre: [{ tool_name: "Shell" }], shell: [{ command: "echo ran > ran.txt" }] },
    },
  },
  {
    id: "post-tool-context",
    about: "postToolUse additional_context reaches the model after the tool result",
    source: `${DOCS.hooks}: postToolUse output additional_context; input has tool_output and duration`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ postToolUse: [{ run: "h" }] }) },
    scripts: { h: { stdout: { additional_context: "CTX_MARK" } } },
    calls: [shellRan],
    markers: ["CTX_MARK"],
    expect: {
      markers: { CTX_MARK: true },
      hooks: {
        h: [
          {
            hook_event_name: "postToolUse",
            tool_name: "Shell",
            tool_output: "<string>",
            duration: "<number>",
          },
        ],
      },
    },
  },
  {
    id: "post-tool-failure",
    about: "a Read of a missing file: postToolUseFailure runs with error_message, postToolUse does not",
    source: `${DOCS.hooks}: postToolUseFailure fires when a tool fails; input {error_message, failure_type}`,
    hookFiles: {
      "project/.cursor/hooks.json": cursor({
        postToolUse: [{ run: "post" }],
        postToolUseFailure: [{ run: "failure" }],
      }),
    },
    scripts: { post: log, failure: log },
    calls: [{ tool: "Read", input: { file_path: "@P@/missing.txt" } }],
    expect: {
      hooks: {
        post: [],
        failure: [
          {
            hook_event_name: "postToolUseFailure",
            tool_name: "Read",
            error_message: "<string>",
            failure_type: "error",
          },
        ],
      },
    },
  },
  {
    id: "read-file-deny",
    about: "beforeReadFile deny keeps the file from the model",
    source: `${DOCS.hooks}: beforeReadFile input {file_path, content}; output {permission}`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ beforeReadFile: [{ run: "h" }] }) },
    scripts: { h: { stdout: { permission: "deny" } } },
    files: { "secret.env": "SECRET_MARK\n" },
    calls: [{ tool: "Read", input: { file_path: "@P@/secret.env" } }],
    markers: ["SECRET_MARK"],
    expect: {
      markers: { SECRET_MARK: false },
      hooks: {
        h: [
          {
            hook_event_name: "beforeReadFile",
            file_path: "<root>/project/secret.env",
            content: "SECRET_MARK\n",
          },
        ],
      },
    },
  },
  {
    id: "file-edit-after",
    about: "afterFileEdit after a Write: file_path and edits",
    source: `${DOCS.hooks}: afterFileEdit input {file_path, edits: [{old_string, new_string}]}`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ afterFileEdit: [{ run: "h" }] }) },
    scripts: { h: log },
    calls: [{ tool: "Write", input: { file_path: "@P@/out.txt", contents: "hello\n" } }],
    observeFiles: ["out.txt"],
    expect: {
      files: { "out.txt": "hello\n" },
      hooks: {
        h: [
          {
            hook_event_name: "afterFileEdit",
            file_path: "<root>/project/out.txt",
            edits: [{ old_string: "", new_string: "hello\n" }],
          },
        ],
      },
    },
  },
];
