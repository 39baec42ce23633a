// The input every bridged event and every built-in tool hands a hook (compared by shape and key values).
import type { ConformanceCase, ToolCall } from "../src/case.js";
import { bashRan, hook, hooks, oneHook } from "./helpers.js";

const setup = { "a.txt": "alpha\nbeta\ngamma\n", "notes.md": "alpha note\n" };

const toolCalls: Record<string, ToolCall[]> = {
  Bash: [{ tool: "Bash", input: { command: "echo out; echo err >&2" } }],
  Read: [{ tool: "Read", input: { file_path: "@P@/a.txt" } }],
  "Read-range": [{ tool: "Read", input: { file_path: "@P@/a.txt", offset: 2, limit: 1 } }],
  "Write-create": [{ tool: "Write", input: { file_path: "@P@/b.txt", content: "new\n" } }],
  "Write-update": [{ tool: "Write", input: { file_path: "@P@/a.txt", content: "replaced\n" } }],
  Edit: [{ tool: "Edit", input: { file_path: "@P@/a.txt", old_string: "beta", new_string: "BETA" } }],
  Glob: [{ tool: "Glob", input: { pattern: "*.txt" } }],
  "Grep-files": [{ tool: "Grep", input: { pattern: "alpha" } }],
  "Grep-content": [{ tool: "Grep", input: { pattern: "alpha", output_mode: "content" } }],
};

const toolCases: ConformanceCase[] = Object.entries(toolCalls).flatMap(([name, calls]) =>
  ["PreToolUse", "PostToolUse"].map((event) =>
    oneHook(
      `stdin-${event}-${name}`,
      `${event} input for ${name}`,
      event,
      {},
      {
        matcher: "*",
        calls,
        setup,
        files: [],
      },
    ),
  ),
);

export const stdinCases: ConformanceCase[] = [
  ...toolCases,
  oneHook(
    "stdin-PostToolUseFailure-Bash",
    "PostToolUseFailure input for a failing Bash",
    "PostToolUseFailure",
    {},
    {
      matcher: "*",
      calls: [{ tool: "Bash", input: { command: "echo partial; exit 3" } }],
      files: [],
    },
  ),
  oneHook(
    "stdin-PostToolUseFailure-Read",
    "PostToolUseFailure input for Read of a missing file",
    "PostToolUseFailure",
    {},
    {
      matcher: "*",
      calls: [{ tool: "Read", input: { file_path: "@P@/missing.txt" } }],
      files: [],
    },
  ),
  oneHook(
    "stdin-PreToolUse-Write-dotdot",
    "Write to docs/../x.txt: the file_path hooks see",
    "PreToolUse",
    {},
    {
      matcher: "Write",
      calls: [{ tool: "Write", input: { file_path: "@P@/docs/../x.txt", content: "x\n" } }],
      files: ["x.txt"],
    },
  ),
  oneHook(
    "stdin-PreToolUse-Read-relative",
    "Read of a relative path: the file_path hooks see",
    "PreToolUse",
    {},
    {
      matcher: "Read",
      calls: [{ tool: "Read", input: { file_path: "a.txt" } }],
      setup,
      files: [],
    },
  ),
  {
    id: "stdin-http-PreToolUse",
    about: "the POST body of an http PreToolUse hook",
    settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ route: "web" }] }] } },
    http: { web: { body: "" } },
    calls: [bashRan],
    observe: { files: ["ran.txt"] },
  },
  oneHook("stdin-SessionStart", "SessionStart input", "SessionStart", {}),
  oneHook("stdin-UserPromptSubmit", "UserPromptSubmit input", "UserPromptSubmit", {}),
  oneHook("stdin-Stop", "Stop input after a tool call and a reply", "Stop", {}),
  oneHook("stdin-SessionEnd", "SessionEnd input", "SessionEnd", {}),
  {
    id: "stdin-all-events-one-session",
    about: "one session through every bridged event: ids shared, prompt_id per prompt",
    settings: {
      hooks: hooks(
        hook("SessionStart", "all"),
        hook("UserPromptSubmit", "all"),
        hook("PreToolUse", "all", { matcher: "*" }),
        hook("PostToolUse", "all", { matcher: "*" }),
        hook("Stop", "all"),
        hook("SessionEnd", "all"),
      ),
    },
    scripts: { all: {} },
    calls: [bashRan],
    observe: { files: ["ran.txt"] },
  },
];
