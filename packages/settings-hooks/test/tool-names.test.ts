import { describe, expect, it } from "vitest";
import { fromSettingsInput, sameTool, settingsToolName, toSettingsTool } from "../src/index.js";

describe("toSettingsTool and fromSettingsInput", () => {
  it.each([
    ["bash", { command: "ls", timeout: 5 }, "Bash", { command: "ls", timeout: 5000 }],
    ["read", { path: "a.ts", offset: 1, limit: 10 }, "Read", { file_path: "a.ts", offset: 1, limit: 10 }],
    ["write", { path: "a.ts", content: "x" }, "Write", { file_path: "a.ts", content: "x" }],
    [
      "edit",
      { path: "a.ts", oldText: "a", newText: "b" },
      "Edit",
      { file_path: "a.ts", old_string: "a", new_string: "b" },
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
