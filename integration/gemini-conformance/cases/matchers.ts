// Matchers: regular expressions against tool names, exact strings for lifecycle events.
import type { GeminiCase } from "../src/case.js";
import { oneHook } from "./helpers.js";

const block = { exit: 2, stderr: "BLOCK_MARK" };
const markers = ["BLOCK_MARK"];
const CTX = "CTX_MARK";
const ctx = { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: CTX } };

const toolMatcher = (id: string, matcher: string, about: string) =>
  oneHook(id, about, "BeforeTool", block, { matcher, markers });
const startMatcher = (id: string, matcher: string, about: string) =>
  oneHook(id, about, "SessionStart", { stdout: ctx }, { matcher, markers: [CTX] });

export const matcherCases: GeminiCase[] = [
  toolMatcher("match-tool-exact", "run_shell_command", "the exact tool name matches"),
  toolMatcher("match-tool-regex", "run_.*", "a regex matches the tool name"),
  toolMatcher("match-tool-unanchored", "shell", "a regex is unanchored: `shell` matches run_shell_command"),
  toolMatcher("match-tool-anchored-miss", "^shell", "an anchored regex that does not match"),
  toolMatcher("match-tool-alternation", "write_file|run_shell_command", "an alternation"),
  toolMatcher("match-tool-other", "read_file", "another tool's name does not match"),
  toolMatcher("match-tool-claude-name", "Bash", "Claude Code's name for the shell does not match"),
  toolMatcher("match-tool-star", "*", "`*` matches every tool"),
  toolMatcher(
    "match-tool-invalid-regex",
    "run_shell_command(",
    "a regex that does not compile is compared literally",
  ),
  toolMatcher("match-tool-case", "RUN_SHELL_COMMAND", "matching is case-sensitive"),
  startMatcher("match-start-exact", "startup", "SessionStart matcher `startup` matches a new session"),
  startMatcher("match-start-resume", "resume", "SessionStart matcher `resume` does not match a new session"),
  startMatcher("match-start-regex", "start.*", "lifecycle matchers are exact, not regular expressions"),
  startMatcher("match-start-alternation", "startup|resume", "no alternation for lifecycle matchers"),
];
