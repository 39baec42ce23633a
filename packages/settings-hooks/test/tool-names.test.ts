import { describe, expect, it } from "vitest";
import { fromSettingsInput, sameTool } from "../src/dialects/claude/tool-names.js";
import { settingsToolName, toSettingsResponse, toSettingsTool } from "../src/index.js";

describe("toSettingsTool and fromSettingsInput", () => {
  it.each([
    ["bash", { command: "ls", timeout: 5 }, "Bash", { command: "ls", timeout: 5000 }],
    ["read", { path: "a.ts", offset: 1, limit: 10 }, "Read", { file_path: "a.ts", offset: 1, limit: 10 }],
    ["write", { path: "a.ts", content: "x" }, "Write", { file_path: "a.ts", content: "x" }],
    [
      "edit",
      { path: "a.ts", oldText: "a", newText: "b" },
      "Edit",
      // Claude Code fills in replace_all before hooks see the input; it goes back only when set.
      { file_path: "a.ts", old_string: "a", new_string: "b", replace_all: false },
    ],
    [
      "grep",
      { pattern: "x", path: "src", glob: "*.ts", ignoreCase: true, context: 2, limit: 5 },
      "Grep",
      { pattern: "x", path: "src", glob: "*.ts", "-i": true, "-C": 2, head_limit: 5 },
    ],
    ["glob", { pattern: "**/*.ts", path: "src" }, "Glob", { pattern: "**/*.ts", path: "src" }],
  ])("translates %s both ways", (native, nativeInput, settings, settingsInput) => {
    expect(toSettingsTool(native, nativeInput)).toEqual({ tool_name: settings, tool_input: settingsInput });
    expect(fromSettingsInput(native, settingsInput)).toEqual(nativeInput);
    expect(fromSettingsInput(settings, settingsInput)).toEqual(nativeInput);
  });

  it("passes unknown tools and unmapped fields through unchanged", () => {
    const input = { sql: "select 1" };
    expect(toSettingsTool("mcp__db__query", input)).toEqual({
      tool_name: "mcp__db__query",
      tool_input: input,
    });
    expect(fromSettingsInput("mcp__db__query", input)).toEqual(input);
    expect(toSettingsTool("read", { path: "a", extra: 1 })).toEqual({
      tool_name: "Read",
      tool_input: { file_path: "a", extra: 1 },
    });
  });

  it("translates a partial updatedInput to a partial native input, leaving the merge to the caller", () => {
    expect(fromSettingsInput("edit", { new_string: "c" })).toEqual({ newText: "c" });
  });
});

describe("toSettingsResponse", () => {
  it("gives Bash's tool_response Claude Code's shape, so .tool_response.stdout is the output", () => {
    expect(
      toSettingsResponse("bash", { input: { command: "ls" }, text: "a\nb", details: undefined }),
    ).toEqual({
      stdout: "a\nb",
      stderr: "",
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    });
  });

  it("gives Read the file with its line counts, from the offset on", () => {
    const input = { file_path: "/p/a.txt", offset: 2, limit: 1 };
    expect(toSettingsResponse("read", { input, text: "beta", details: { totalLines: 4 } })).toEqual({
      type: "text",
      file: { filePath: "/p/a.txt", content: "beta", numLines: 1, startLine: 2, totalLines: 4 },
    });
  });

  it("tells Write's create from update by the original file, with jsdiff hunks", () => {
    const input = { file_path: "/p/a.txt", content: "new\n" };
    expect(toSettingsResponse("write", { input, text: "", details: { originalFile: null } })).toMatchObject({
      type: "create",
      structuredPatch: [],
      originalFile: null,
    });
    expect(
      toSettingsResponse("write", { input, text: "", details: { originalFile: "old\n" } }),
    ).toMatchObject({
      type: "update",
      structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ["-old", "+new"] }],
    });
  });

  it("gives Edit the strings, the patch and replaceAll", () => {
    const input = { file_path: "/p/a.txt", old_string: "b", new_string: "B", replace_all: false };
    expect(toSettingsResponse("edit", { input, text: "", details: { originalFile: "a\nb\n" } })).toEqual({
      filePath: "/p/a.txt",
      oldString: "b",
      newString: "B",
      originalFile: "a\nb\n",
      structuredPatch: [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: [" a", "-b", "+B"] }],
      userModified: false,
      replaceAll: false,
      contentNotInModelContext: true,
    });
  });

  it("counts Glob and Grep files from details.filenames, else one per line", () => {
    expect(toSettingsResponse("glob", { input: {}, text: "a.ts\nb.ts", details: undefined })).toMatchObject({
      filenames: ["a.ts", "b.ts"],
      numFiles: 2,
    });
    expect(
      toSettingsResponse("grep", { input: { pattern: "x" }, text: "", details: { filenames: ["a.ts"] } }),
    ).toEqual({ mode: "files_with_matches", filenames: ["a.ts"], numFiles: 1, totalFiles: 1 });
    expect(
      toSettingsResponse("grep", { input: { output_mode: "content" }, text: "a.ts:1:x", details: undefined }),
    ).toEqual({
      mode: "content",
      numFiles: 0,
      filenames: [],
      content: "a.ts:1:x",
      numLines: 1,
      totalLines: 1,
    });
  });

  it("keeps {output, details} for tools it does not know", () => {
    expect(toSettingsResponse("mcp__db__q", { input: {}, text: "rows", details: { n: 1 } })).toEqual({
      output: "rows",
      details: { n: 1 },
    });
  });
});

describe("sameTool", () => {
  it("treats native and Claude-Code names of a tool as the same", () => {
    expect(sameTool("bash", "Bash")).toBe(true);
    expect(sameTool("Edit", "edit")).toBe(true);
    expect(sameTool("bash", "Read")).toBe(false);
    expect(sameTool("mcp__a__b", "mcp__a__b")).toBe(true);
    expect(sameTool("mcp__a__b", "MCP__A__B")).toBe(false);
    expect(settingsToolName("GREP")).toBe("Grep");
  });
});
