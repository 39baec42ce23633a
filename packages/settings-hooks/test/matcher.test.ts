import { describe, expect, it } from "vitest";
import { CLAUDE_EVENT_NAMES, claudeEvent, matcherField } from "../src/dialects/claude/catalogue.js";
import { isSettingsError } from "../src/index.js";
import { compileMatcher, MAX_MATCHED_CHARS, regexSafety } from "../src/matcher.js";

describe("compileMatcher", () => {
  it.each([
    ["*", "anything"],
    ["", "anything"],
    [undefined, "anything"],
  ])("matches everything for %j", (matcher, value) => {
    expect(compileMatcher(matcher)(value)).toBe(true);
    expect(compileMatcher(matcher)("")).toBe(true);
  });

  it("compares a plain name exactly: Bash matches only the Bash tool", () => {
    const bash = compileMatcher("Bash");
    expect(bash("Bash")).toBe(true);
    expect(bash("BashOutput")).toBe(false);
    expect(bash("bash")).toBe(false);
  });

  it.each(["Edit|Write", "Edit, Write", " Edit , Write ", "Edit,Write"])(
    "reads %j as a list of exact names",
    (matcher) => {
      const match = compileMatcher(matcher);
      expect(match("Edit")).toBe(true);
      expect(match("Write")).toBe(true);
      expect(match("NotebookEdit")).toBe(false);
      expect(match("Edit|Write")).toBe(false);
    },
  );

  it("keeps hyphenated names exact: code-reviewer does not match senior-code-reviewer", () => {
    const match = compileMatcher("code-reviewer");
    expect(match("code-reviewer")).toBe(true);
    expect(match("senior-code-reviewer")).toBe(false);
  });

  it("treats any other character as an unanchored regex: ^Notebook", () => {
    const match = compileMatcher("^Notebook");
    expect(match("NotebookEdit")).toBe(true);
    expect(match("NotebookRead")).toBe(true);
    expect(match("EditNotebook")).toBe(false);
  });

  it("runs mcp__memory__.* as a regex over a server's tools", () => {
    const match = compileMatcher("mcp__memory__.*");
    expect(match("mcp__memory__create_entities")).toBe(true);
    expect(match("mcp__filesystem__read_file")).toBe(false);
    expect(compileMatcher("mcp__.*__write.*")("mcp__github__write_file")).toBe(true);
    expect(compileMatcher("mcp__brave-search__.*")("mcp__brave-search__web")).toBe(true);
  });

  it("matches Edit.* anywhere in the value, and ^Edit$ only Edit", () => {
    expect(compileMatcher("Edit.*")("NotebookEdit")).toBe(true);
    expect(compileMatcher("Edit.*")("Edit")).toBe(true);
    expect(compileMatcher("^Edit$")("NotebookEdit")).toBe(false);
    expect(compileMatcher("^Edit$")("Edit")).toBe(true);
  });

  it("compares mcp__memory exactly, so it matches none of the server's tools", () => {
    expect(compileMatcher("mcp__memory")("mcp__memory__create_entities")).toBe(false);
  });

  it("keeps hyphens, spaces and commas on the regex path for StopFailure", () => {
    expect(
      compileMatcher("rate_limit|overloaded", { names: claudeEvent("StopFailure")?.matcherNames })(
        "overloaded",
      ),
    ).toBe(true);
    // As a regex, "server-error" is still a substring match rather than an exact name.
    expect(
      compileMatcher("server-error", { names: claudeEvent("StopFailure")?.matcherNames })("my-server-error"),
    ).toBe(true);
    expect(compileMatcher("server-error")("my-server-error")).toBe(false);
  });

  it("throws HOOK_INVALID_MATCHER naming a regex that does not compile", () => {
    let error: unknown;
    try {
      compileMatcher("Bash(");
    } catch (caught) {
      error = caught;
    }
    expect(isSettingsError(error)).toBe(true);
    expect((error as { code: string }).code).toBe("HOOK_INVALID_MATCHER");
    expect((error as Error).message).toMatchInlineSnapshot(
      `"Matcher "Bash(" is not a valid JavaScript regular expression: Invalid regular expression: /Bash(/: Unterminated group. Use exact names like "Edit|Write", or escape special characters (e.g. "\\\\(")."`,
    );
  });
});

describe("matcherField", () => {
  it.each([
    ["PreToolUse", "tool_name"],
    ["PostToolUse", "tool_name"],
    ["PostToolUseFailure", "tool_name"],
    ["PermissionRequest", "tool_name"],
    ["PermissionDenied", "tool_name"],
    ["SessionStart", "source"],
    ["Setup", "trigger"],
    ["SessionEnd", "reason"],
    ["Notification", "notification_type"],
    ["SubagentStart", "agent_type"],
    ["SubagentStop", "agent_type"],
    ["PreCompact", "trigger"],
    ["PostCompact", "trigger"],
    ["ConfigChange", "source"],
    ["StopFailure", "error"],
    ["InstructionsLoaded", "load_reason"],
    ["UserPromptExpansion", "command_name"],
    ["Elicitation", "mcp_server_name"],
    ["ElicitationResult", "mcp_server_name"],
  ])("%s matches on %s", (event, field) => {
    expect(matcherField(event)).toBe(field);
  });

  it.each([
    "UserPromptSubmit",
    "PostToolBatch",
    "Stop",
    "TeammateIdle",
    "TaskCreated",
    "TaskCompleted",
    "WorktreeCreate",
    "WorktreeRemove",
    "MessageDisplay",
    "CwdChanged",
    "FileChanged",
    "NoSuchEvent",
  ])("%s ignores matchers", (event) => {
    expect(matcherField(event)).toBeUndefined();
  });

  it("knows every event of the reference", () => {
    expect(CLAUDE_EVENT_NAMES).toHaveLength(30);
  });
});

describe("matcher regexes and catastrophic backtracking", () => {
  function refusal(matcher: string): { code: string; message: string } {
    try {
      compileMatcher(matcher);
    } catch (error) {
      expect(isSettingsError(error)).toBe(true);
      return { code: (error as { code: string }).code, message: (error as Error).message };
    }
    throw new Error(`expected ${matcher} to be refused`);
  }

  it.each(["(a+)+$", "(\\w+\\s?)*$", "^(a|a)*$"])("refuses %j, which backtracks exponentially", (matcher) => {
    expect(refusal(matcher).code).toBe("UNSAFE_MATCHER");
  });

  it("says which input shows the problem and how to fix it", () => {
    expect(refusal("(a+)+$").message.replace(/"[a]+[^"]*"/, "<attack>")).toMatchInlineSnapshot(
      `"Matcher "(a+)+$" can backtrack exponentially: <attack> makes it run for seconds or hours, blocking the host, so it is not used. Rewrite it without nested or overlapping repetition (e.g. "(a+)+" → "a+"), or list exact names like "Edit|Write"."`,
    );
  });

  it("keeps linear and polynomial regexes", () => {
    expect(regexSafety("mcp__memory__.*").status).toBe("safe");
    expect(regexSafety("mcp__.*__write.*")).toMatchObject({ status: "vulnerable", exponential: false });
    expect(compileMatcher("mcp__.*__write.*")("mcp__fs__write_file")).toBe(true);
  });

  it("never gives a regex a value longer than MAX_MATCHED_CHARS", () => {
    const matches = compileMatcher("^x.*y$");
    expect(matches(`x${"a".repeat(MAX_MATCHED_CHARS - 2)}y`)).toBe(true);
    expect(matches(`x${"a".repeat(MAX_MATCHED_CHARS)}y`)).toBe(false);
  });
});
