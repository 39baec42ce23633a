// What each event's hook receives on stdin (shape and key values), for every event a headless run reaches.
import type { GeminiCase } from "../src/case.js";
import { hook, hooks, shellRan } from "./helpers.js";

const all = (event: string, name: string) => hook(event, name);

export const stdinCases: GeminiCase[] = [
  {
    id: "stdin-lifecycle",
    about: "SessionStart, BeforeAgent, AfterAgent and SessionEnd inputs in one run",
    project: {
      hooks: hooks(
        all("SessionStart", "start"),
        all("BeforeAgent", "before_agent"),
        all("AfterAgent", "after_agent"),
        all("SessionEnd", "end"),
      ),
    },
    scripts: { start: {}, before_agent: {}, after_agent: {}, end: {} },
    calls: [shellRan],
    prompt: "please go",
    observe: { files: ["ran.txt"] },
  },
  {
    id: "stdin-model",
    about:
      "BeforeModel, AfterModel and BeforeToolSelection inputs (one per model call; AfterModel per chunk)",
    project: {
      hooks: hooks(
        all("BeforeModel", "before_model"),
        all("AfterModel", "after_model"),
        all("BeforeToolSelection", "selection"),
      ),
    },
    scripts: { before_model: {}, after_model: {}, selection: {} },
    calls: [shellRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "stdin-shell-tool",
    about: "BeforeTool and AfterTool inputs for run_shell_command",
    project: {
      hooks: hooks(
        hook("BeforeTool", "before", { matcher: ".*" }),
        hook("AfterTool", "after", { matcher: ".*" }),
      ),
    },
    scripts: { before: {}, after: {} },
    calls: [shellRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "stdin-file-tools",
    about: "BeforeTool and AfterTool inputs for write_file, read_file and replace",
    project: {
      hooks: hooks(
        hook("BeforeTool", "before", { matcher: ".*" }),
        hook("AfterTool", "after", { matcher: ".*" }),
      ),
    },
    scripts: { before: {}, after: {} },
    files: { "a.txt": "alpha\n" },
    calls: [
      { tool: "write_file", input: { file_path: "@P@/b.txt", content: "beta\n" } },
      { tool: "read_file", input: { file_path: "@P@/a.txt" } },
      {
        tool: "replace",
        input: { file_path: "@P@/a.txt", old_string: "alpha", new_string: "gamma", instruction: "rename" },
      },
    ],
    observe: { files: ["a.txt", "b.txt"] },
  },
  {
    id: "stdin-failed-tool",
    about: "AfterTool input when the tool fails (a shell command exiting 3)",
    project: { hooks: hook("AfterTool", "after", { matcher: "run_shell_command" }) },
    scripts: { after: {} },
    calls: [{ tool: "run_shell_command", input: { command: "echo no >&2; exit 3", description: "fail" } }],
  },
  {
    id: "stdin-pre-compress",
    about: "PreCompress input for `/compress` (the only headless way to reach it)",
    project: { hooks: all("PreCompress", "compress") },
    scripts: { compress: {} },
    calls: [],
    prompt: "/compress",
  },
  {
    id: "stdin-env",
    about:
      "hook environment: GEMINI_PROJECT_DIR, GEMINI_CWD, CLAUDE_PROJECT_DIR; $GEMINI_PROJECT_DIR expanded in the command",
    project: {
      hooks: {
        BeforeTool: [
          {
            matcher: "run_shell_command",
            hooks: [
              { run: "h" },
              { type: "command", command: 'echo "$GEMINI_PROJECT_DIR" > $GEMINI_PROJECT_DIR/expanded.txt' },
            ],
          },
        ],
      },
    },
    scripts: {
      h: {
        shell:
          'printf "%s|%s|%s|%s\\n" "$GEMINI_PROJECT_DIR" "$GEMINI_CWD" "$CLAUDE_PROJECT_DIR" "$(pwd)" > @P@/env.txt',
      },
    },
    calls: [shellRan],
    observe: { files: ["ran.txt", "env.txt", "expanded.txt"] },
  },
];
