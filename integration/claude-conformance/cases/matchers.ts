// Matchers: exact names, `|` lists, regexes, `*`, empty, case, and events without matcher support.
import type { ConformanceCase, ToolCall } from "../src/case.js";
import { bashRan, oneHook } from "./helpers.js";

const read: ToolCall = { tool: "Read", input: { file_path: "@P@/a.txt" } };
const edit: ToolCall = {
  tool: "Edit",
  input: { file_path: "@P@/a.txt", old_string: "alpha", new_string: "ALPHA" },
};
const setup = { "a.txt": "alpha\n" };

/** A PreToolUse hook that only logs: whether it ran is in `hooks.h`. */
const m = (id: string, matcher: string | undefined, calls: ToolCall[] = [bashRan]): ConformanceCase =>
  oneHook(
    `match-${id}`,
    `PreToolUse matcher ${JSON.stringify(matcher)} on ${calls.map((c) => c.tool).join(", ")}`,
    "PreToolUse",
    {},
    {
      matcher,
      calls,
      setup,
    },
  );

export const matcherCases: ConformanceCase[] = [
  m("exact", "Bash"),
  m("exact-other-tool", "Read"),
  m("lowercase", "bash"),
  m("uppercase", "BASH"),
  m("prefix-only", "Bas"),
  m("list", "Read|Bash", [bashRan, read]),
  m("list-spaces", "Read | Bash", [bashRan, read]),
  m("list-comma", "Read,Bash", [bashRan, read]),
  m("regex-anchored", "^B.*h$", [bashRan, read]),
  m("regex-alternation", "Edit|Write.*", [edit, read]),
  m("regex-dot", "Ba.h"),
  m("regex-case-insensitive-class", "[bB]ash"),
  m("star", "*", [bashRan, read]),
  m("empty", "", [bashRan, read]),
  m("absent", undefined, [bashRan, read]),
  m("regex-substring", "as", [bashRan, read]),
  m("regex-invalid", "Bash("),
  oneHook(
    "match-write-edit",
    "PostToolUse matcher Write|Edit on Write and Edit",
    "PostToolUse",
    {},
    {
      matcher: "Write|Edit",
      calls: [{ tool: "Write", input: { file_path: "@P@/w.txt", content: "w\n" } }, edit, read],
      setup,
    },
  ),
  oneHook("match-start-startup", "SessionStart matcher startup", "SessionStart", {}, { matcher: "startup" }),
  oneHook(
    "match-start-resume",
    "SessionStart matcher resume on a fresh session",
    "SessionStart",
    {},
    { matcher: "resume" },
  ),
  oneHook(
    "match-prompt-ignored",
    "UserPromptSubmit ignores its matcher",
    "UserPromptSubmit",
    {},
    { matcher: "nothing-like-this" },
  ),
  oneHook("match-stop-ignored", "Stop ignores its matcher", "Stop", {}, { matcher: "nothing-like-this" }),
  oneHook(
    "match-post-list",
    "PostToolUse matcher list",
    "PostToolUse",
    {},
    { matcher: "Read|Bash", calls: [bashRan, read], setup },
  ),
  oneHook(
    "match-failure-exact",
    "PostToolUseFailure matcher Bash on a failing Read",
    "PostToolUseFailure",
    {},
    { matcher: "Bash", calls: [{ tool: "Read", input: { file_path: "@P@/none.txt" } }] },
  ),
];
