import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { brokenJsonMessage, defaultOutputDir, parseStdout } from "../src/protocol/output.js";
import { flushSavedOutputs } from "../src/protocol/saved-output.js";

const outputDir = mkdtempSync(path.join(os.tmpdir(), "hookwire-output-"));
const opts = {
  hookName: ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
  event: "PreToolUse",
  outputDir,
};

describe("parseStdout", () => {
  it("reads a JSON object after a BOM and whitespace", () => {
    expect(parseStdout('\uFEFF \n {"continue":false,"stopReason":"halt"}\n', opts)).toEqual({
      status: "success",
      output: { continue: false, stopReason: "halt" },
      warnings: [],
    });
  });

  it("treats non-JSON as plain text and empty output as no output", () => {
    expect(parseStdout("hello\n", opts)).toEqual({
      status: "success",
      output: {},
      text: "hello",
      warnings: [],
    });
    expect(parseStdout("  \n", opts)).toEqual({ status: "success", output: {}, warnings: [] });
    expect(parseStdout("[1,2]", opts)).toMatchObject({ text: "[1,2]" });
  });

  it("marks output that starts like JSON but does not parse as a failure, with the parse error, and keeps its text", () => {
    const broken = parseStdout('  {"decision":"block", "reason":"no force push", }\n', opts);
    expect(broken).toMatchObject({
      status: "success",
      output: {},
      text: '{"decision":"block", "reason":"no force push", }',
      warnings: [],
    });
    const why = (broken as { invalidJson: string }).invalidJson;
    expect(brokenJsonMessage(why)).toMatchInlineSnapshot(
      `"its output looks like JSON but is not a JSON object (Expected double-quoted property name in JSON at position 47); it was read as plain text, so none of its fields (decision, hookSpecificOutput, …) apply. Print one valid JSON object, or plain text that does not start with { or [."`,
    );
    expect(parseStdout("[1,2]", opts)).toMatchObject({ invalidJson: "it is an array, not an object" });
    // The last line of chatty output is read as the answer too: it is named when it is broken.
    expect(parseStdout('Welcome!\n{"decision":"block",', opts)).toHaveProperty("invalidJson");
    expect(parseStdout("all good", opts)).not.toHaveProperty("invalidJson");
  });

  it("skips shell-profile noise before a final JSON line, with a warning", () => {
    const result = parseStdout(
      'Welcome to zsh!\nnvm: using node 20\n{"decision":"block","reason":"x"}',
      opts,
    );
    expect(result).toMatchObject({ status: "success", output: { decision: "block", reason: "x" } });
    expect(result.warnings).toMatchInlineSnapshot(`
      [
        "Hook \`.claude/settings.json#hooks.PreToolUse[0].hooks[0]\`: ignored 2 line(s) of text printed before the JSON output (a shell profile?); print only the JSON object.",
      ]
    `);
  });

  it("treats two JSON objects as plain text instead of guessing", () => {
    expect(parseStdout('{"decision":"block"}\n{"continue":true}', opts)).toMatchObject({
      output: {},
      text: '{"decision":"block"}\n{"continue":true}',
    });
    expect(parseStdout('{"a":1}{"b":2}', opts)).toMatchObject({ output: {}, text: '{"a":1}{"b":2}' });
  });

  it("drops each wrong-typed field with a warning and keeps the others", () => {
    const result = parseStdout(
      JSON.stringify({
        continue: "no",
        systemMessage: 42,
        decision: "maybe",
        reason: "kept",
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "sure",
          permissionDecisionReason: ["x"],
          updatedInput: "rm -rf /",
          additionalContext: "ctx",
        },
      }),
      opts,
    );
    expect(result).toMatchObject({
      status: "success",
      output: {
        reason: "kept",
        hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "ctx" },
      },
    });
    expect(result.warnings.map((w) => w.replace(opts.hookName, "<hook>"))).toMatchInlineSnapshot(`
      [
        "Hook \`<hook>\`: output field "continue" must be true or false, got "no"; the field was ignored.",
        "Hook \`<hook>\`: output field "systemMessage" must be a string, got number 42; the field was ignored.",
        "Hook \`<hook>\`: output field "decision" must be "block" (or omitted), got "maybe"; the field was ignored.",
        "Hook \`<hook>\`: output field "hookSpecificOutput.permissionDecision" must be one of allow, deny, ask, defer, got "sure"; the field was ignored.",
        "Hook \`<hook>\`: output field "hookSpecificOutput.permissionDecisionReason" must be a string, got an array; the field was ignored.",
        "Hook \`<hook>\`: output field "hookSpecificOutput.updatedInput" must be an object, got "rm -rf /"; the field was ignored.",
      ]
    `);
  });

  it("ignores hookSpecificOutput written for another event", () => {
    const result = parseStdout(
      '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"x"}}',
      opts,
    );
    expect(result).toMatchObject({ output: {} });
    expect(result.warnings[0]).toContain('hookEventName is "PostToolUse" but the hook ran for "PreToolUse"');
  });

  it("accepts updatedMCPToolOutput as updatedToolOutput", () => {
    expect(
      parseStdout('{"hookSpecificOutput":{"updatedMCPToolOutput":{"x":1}}}', {
        ...opts,
        event: "PostToolUse",
      }),
    ).toMatchObject({ output: { hookSpecificOutput: { updatedToolOutput: { x: 1 } } } });
  });

  it("saves strings over 10,000 characters to a file and keeps a 2,000-character preview with the path", async () => {
    const long = `${"a".repeat(2000)}${"b".repeat(9000)}`;
    const result = parseStdout(JSON.stringify({ hookSpecificOutput: { additionalContext: long } }), opts);
    const context =
      result.status === "success" ? result.output.hookSpecificOutput?.additionalContext : undefined;
    expect(context?.startsWith("a".repeat(2000))).toBe(true);
    expect(context?.slice(0, 2001)).toBe(`${"a".repeat(2000)}\n`);
    const file = /saved to (\S+)\]$/.exec(context ?? "")?.[1] ?? "";
    await flushSavedOutputs();
    expect(readFileSync(file, "utf8")).toBe(long);
    // Only the user can read what a hook printed: it may hold secrets.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(context?.replace(file, "<file>").slice(2000)).toMatchInlineSnapshot(`
      "
      … [11000 characters; full output saved to <file>]"
    `);
  });

  it("keeps saved output in a per-user cache folder by default, never the shared temp folder", () => {
    expect(defaultOutputDir({ XDG_CACHE_HOME: "/x/cache" })).toBe("/x/cache/hookwire/output");
    expect(defaultOutputDir({ XDG_CACHE_HOME: "relative" })).toBe(
      path.join(os.homedir(), ".cache/hookwire/output"),
    );
    expect(defaultOutputDir({})).toBe(path.join(os.homedir(), ".cache/hookwire/output"));
  });

  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const result = parseStdout(text, opts);
        expect(result.status).toBe("success");
      }),
    );
    const invalidUtf8 = Buffer.from([0xff, 0xfe, 0x7b, 0xc3, 0x28]).toString("utf8");
    expect(parseStdout(invalidUtf8, opts).status).toBe("success");
    expect(parseStdout(`{${"[".repeat(100_000)}`, opts).status).toBe("success");
  });
});
