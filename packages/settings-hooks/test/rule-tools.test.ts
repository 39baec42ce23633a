import { loadShellParser, matchesRule, parseRule } from "@hookwire/shell-rules";
import { beforeAll, describe, expect, it } from "vitest";
import { claude, loadDialect, ruleTools } from "../src/index.js";

const cwd = "/work/project";
const tools = ruleTools(claude.tools);
const IF = { mode: "if-filter", tools } as const;
const fires = (rule: string, toolName: string, input: Record<string, unknown>) =>
  matchesRule(parseRule(rule), { toolName, input, cwd }, IF);

beforeAll(() => loadShellParser());

describe("ruleTools: a dialect's tools as the rules read them", () => {
  it("names a tool natively or as the dialect does, on either side", () => {
    expect(fires("bash(rm *)", "bash", { command: "rm x" })).toBe(true);
    expect(fires("Bash(rm *)", "bash", { command: "rm x" })).toBe(true);
    expect(fires("bash(rm *)", "Bash", { command: "rm x" })).toBe(true);
    expect(fires("Bash", "read", { path: "x" })).toBe(false);
  });

  it("reads a native call's fields in the dialect's names", () => {
    expect(fires("Edit(*.ts)", "edit", { path: "src/a.ts", oldText: "a", newText: "b" })).toBe(true);
    expect(fires("Read(.env)", "read", { path: "config/.env" })).toBe(true);
    expect(fires("Read(/etc/**)", "read", { path: "/etc/passwd" })).toBe(true);
  });

  it("applies Claude Code's families: Edit rules to Write, Read rules to Grep and Glob", () => {
    expect(fires("Edit(*.ts)", "write", { path: "a.ts", content: "" })).toBe(true);
    expect(fires("Read(./secrets/**)", "grep", { pattern: "x", path: "secrets" })).toBe(true);
    expect(fires("Read(./secrets/**)", "Glob", { pattern: "*" })).toBe(false);
  });

  it("matches WebFetch domain: patterns against the URL's host", () => {
    const url = { url: "https://docs.example.com/x" };
    expect(fires("WebFetch(domain:*.example.com)", "WebFetch", url)).toBe(true);
    expect(fires("WebFetch(domain:example.org)", "WebFetch", url)).toBe(false);
  });

  it("builds the tools of a table once", () => {
    expect(ruleTools(claude.tools)).toBe(tools);
  });

  it("reads another dialect's tool names", async () => {
    const gemini = ruleTools((await loadDialect("gemini")).tools);
    const call = { toolName: "run_shell_command", input: { command: "rm x" }, cwd };
    expect(
      matchesRule(parseRule("run_shell_command(rm *)"), call, { mode: "if-filter", tools: gemini }),
    ).toBe(true);
  });
});
