// Matchers: Codex's exact names (letters, digits, `_`, `|`), match-all forms, and Rust regexes for the rest.
import type { ConformanceCase } from "../src/case.js";
import { oneHook } from "./helpers.js";

const block = { exit: 2, stderr: "BLOCK_MARK" };
const markers = ["BLOCK_MARK"];
const pre = (id: string, about: string, matcher: string | undefined): ConformanceCase =>
  oneHook(id, about, "PreToolUse", block, matcher === undefined ? { markers } : { matcher, markers });

export const matcherCases: ConformanceCase[] = [
  pre("match-bash", "matcher Bash matches the shell tool", "Bash"),
  pre("match-exec-command", "matcher exec_command (the model's tool name) does not match", "exec_command"),
  pre("match-star", "matcher * matches every tool", "*"),
  pre("match-empty", 'matcher "" matches every tool', ""),
  pre("match-absent", "no matcher matches every tool", undefined),
  pre("match-regex-prefix", "matcher ^Ba is a regex", "^Ba"),
  pre("match-regex-anchored", "matcher ^Bash$ is an anchored regex", "^Bash$"),
  pre("match-pipe", "matcher Read|Bash: exact alternatives", "Read|Bash"),
  pre("match-lowercase", "matcher bash: names are case-sensitive", "bash"),
  pre("match-substring", "matcher Bas: an exact name, not a prefix", "Bas"),
  pre("match-comma-list", "matcher 'Read, Bash': a regex in Codex, not a list", "Read, Bash"),
  pre("match-regex-dot", "matcher B.sh is a regex", "B.sh"),
  pre("match-invalid-regex", "matcher [ does not compile: the group is skipped", "["),
  oneHook("match-start-startup", "SessionStart matcher startup", "SessionStart", {}, { matcher: "startup" }),
  oneHook(
    "match-start-resume",
    "SessionStart matcher resume: no match",
    "SessionStart",
    {},
    { matcher: "resume" },
  ),
  oneHook(
    "match-prompt-ignored",
    "UserPromptSubmit ignores its matcher",
    "UserPromptSubmit",
    {},
    { matcher: "nothing-matches-this" },
  ),
  oneHook("match-stop-ignored", "Stop ignores its matcher", "Stop", {}, { matcher: "^never$" }),
  oneHook(
    "match-post-bash",
    "PostToolUse matcher Bash",
    "PostToolUse",
    { exit: 2, stderr: "BLOCK_MARK" },
    { matcher: "Bash", markers },
  ),

  oneHook(
    "match-end-reason",
    "SessionEnd matcher ^never$ tests the reason: no match",
    "SessionEnd",
    {},
    {
      matcher: "^never$",
    },
  ),
  oneHook(
    "match-end-other",
    "SessionEnd matcher other matches its reason",
    "SessionEnd",
    {},
    { matcher: "other" },
  ),
];
