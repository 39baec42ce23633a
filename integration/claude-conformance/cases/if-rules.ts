// The `if` field: one permission rule on tool events; on other events Claude Code decides what it means.
import type { ConformanceCase, ToolCall } from "../src/case.js";
import { bashRan, oneHook } from "./helpers.js";

const bash = (command: string): ToolCall => ({ tool: "Bash", input: { command } });
const rule = (id: string, condition: string, calls: ToolCall[], event = "PreToolUse"): ConformanceCase =>
  oneHook(
    `if-${id}`,
    `${event} if ${JSON.stringify(condition)}`,
    event,
    {},
    {
      matcher: "*",
      extra: { if: condition },
      calls,
      setup: { "a.txt": "alpha\n", "b.md": "beta\n" },
    },
  );

export const ifRuleCases: ConformanceCase[] = [
  rule("bash-match", "Bash(echo *)", [bashRan]),
  rule("bash-no-match", "Bash(rm *)", [bashRan]),
  rule("bash-compound", "Bash(ls *)", [bash("echo one > ran.txt && ls -a")]),
  rule("bash-tool-only", "Bash", [bashRan, { tool: "Read", input: { file_path: "@P@/a.txt" } }]),
  rule("read-glob", "Read(*.txt)", [
    { tool: "Read", input: { file_path: "@P@/a.txt" } },
    { tool: "Read", input: { file_path: "@P@/b.md" } },
  ]),
  rule("write-path", "Write(*.md)", [
    { tool: "Write", input: { file_path: "@P@/c.md", content: "c\n" } },
    { tool: "Write", input: { file_path: "@P@/c.txt", content: "c\n" } },
  ]),
  rule("unparsable", "Bash(", [bashRan]),
  rule("post-bash", "Bash(echo *)", [bashRan, bash("ls")], "PostToolUse"),
  oneHook(
    "if-prompt",
    "UserPromptSubmit with an if field",
    "UserPromptSubmit",
    {},
    { extra: { if: "Bash(*)" } },
  ),
  oneHook("if-start", "SessionStart with an if field", "SessionStart", {}, { extra: { if: "Bash(*)" } }),
  oneHook("if-stop", "Stop with an if field", "Stop", {}, { extra: { if: "Bash(*)" } }),
];
