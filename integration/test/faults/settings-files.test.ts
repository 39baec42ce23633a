// Fault suite for settings files: each mistake is a clear issue naming the file and JSON path; valid neighbours still run.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createSettingsHooks, formatIssues, readSettingsFile } from "@hookwire/settings-hooks";
import { afterAll, describe, expect, it } from "vitest";
import { createHost, TOOL_OUTPUT, textOf } from "../support/host.js";
import { normalise, tempDir } from "../support/temp-dir.js";

const project = tempDir("settings-faults");
afterAll(() => project.remove());

const NEIGHBOUR = {
  type: "command",
  command: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"valid neighbour ran"}}'`,
  timeout: 2,
};

async function load(name: string, text: string) {
  const file = path.join(project.dir, `${name}.json`);
  writeFileSync(file, text);
  const read = await readSettingsFile({ file, scope: "project", dialect: "claude" });
  const hook = await createSettingsHooks(read.handlers, { cwd: project.dir });
  const host = createHost([hook], { cwd: project.dir });
  const result = await host.tool("probe").execute("call-1", { command: "ls" });
  return {
    read,
    host,
    text: textOf(result),
    issues: normalise(formatIssues(read.issues, { cwd: project.dir }), project.dir),
  };
}

const withNeighbour = (bad: unknown) =>
  JSON.stringify({
    hooks: { PreToolUse: [{ matcher: "probe", hooks: [NEIGHBOUR] }, ...(bad as unknown[])] },
  });

describe("a settings file", () => {
  it("with malformed JSON is one error naming the file; the host runs the tool without it", async () => {
    const { read, text, issues } = await load("malformed", '{ "hooks": { "PreToolUse": [ { "hooks": [ } ] }');
    expect(read.handlers).toEqual([]);
    expect(read.issues.map((i) => i.code)).toEqual(["INVALID_JSON"]);
    expect(issues).toMatchInlineSnapshot(`
      "✖ Invalid JSON at line 1, column 43: expected a value. No hooks are read from this file.
        → in malformed.json:1:43"
    `);
    expect(text).toContain(TOOL_OUTPUT);
  });

  it("with fields of the wrong type drops that handler, names the JSON path, and keeps its neighbour", async () => {
    const { read, text, issues } = await load(
      "wrong-types",
      withNeighbour([{ matcher: "probe", hooks: [{ type: "command", command: 42, timeout: "soon" }] }]),
    );
    expect(read.handlers).toHaveLength(1);
    expect(issues).toMatchInlineSnapshot(`
      "✖ Invalid command: expected a string, got 42. This handler is skipped.
        → at hooks.PreToolUse[1].hooks[0].command (wrong-types.json)
      ✖ Invalid timeout: expected a number, got "soon". This handler is skipped.
        → at hooks.PreToolUse[1].hooks[0].timeout (wrong-types.json)"
    `);
    expect(text).toContain("valid neighbour ran");
  });

  it("with an unknown event suggests the right name and keeps the known events", async () => {
    const { read, text, issues } = await load(
      "unknown-event",
      JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: "probe", hooks: [NEIGHBOUR] }],
          PreToolUs: [{ hooks: [NEIGHBOUR] }],
        },
      }),
    );
    expect(read.issues.map((i) => [i.code, i.path])).toEqual([["UNKNOWN_EVENT", "hooks.PreToolUs"]]);
    expect(issues).toMatchInlineSnapshot(`
      "✖ Unknown event "PreToolUs"; did you mean "PreToolUse"? Its hooks are skipped.
        → at hooks.PreToolUs (unknown-event.json)"
    `);
    expect(text).toContain("valid neighbour ran");
  });

  it("with a regex matcher that does not compile drops that group and keeps the others", async () => {
    const { read, text, issues } = await load(
      "bad-matcher",
      withNeighbour([{ matcher: "Bash(", hooks: [NEIGHBOUR] }]),
    );
    expect(read.issues.map((i) => [i.code, i.path])).toEqual([
      ["HOOK_INVALID_MATCHER", "hooks.PreToolUse[1].matcher"],
    ]);
    expect(issues).toMatchInlineSnapshot(`
      "✖ Matcher "Bash(" is not a valid JavaScript regular expression: Invalid regular expression: /Bash(/: Unterminated group. Use exact names like "Edit|Write", or escape special characters (e.g. "\\\\("). This group is skipped.
        → at hooks.PreToolUse[1].matcher (bad-matcher.json)"
    `);
    expect(text).toContain("valid neighbour ran");
  });

  it("with an `if` rule that does not parse drops that handler and keeps the others", async () => {
    const { read, text, issues } = await load(
      "bad-if",
      withNeighbour([
        { matcher: "probe", hooks: [{ ...NEIGHBOUR, command: "echo never", if: "Bash(rm *" }] },
      ]),
    );
    expect(read.issues.map((i) => i.code)).toEqual(["HOOK_INVALID_RULE"]);
    expect(read.handlers).toHaveLength(1);
    expect(issues).toMatchInlineSnapshot(`
      "✖ Invalid permission rule "Bash(rm *": expected "Tool" or "Tool(pattern)", e.g. "Bash", "Bash(git push *)", "Edit(*.ts)"; the pattern must end with ")". This handler is skipped.
        → at hooks.PreToolUse[1].hooks[0].if (bad-if.json)"
    `);
    expect(text).toContain("valid neighbour ran");
  });
});
