// Claude Code's tools: their names and inputs, hookwire's native counterparts, rule families, tool_response shapes.
import type { ToolSpec, ToolTable } from "../../dialect-kit/types.js";
import { diff } from "../../lazy-deps.js";

// Native bash timeouts are seconds, Claude's Bash timeout is milliseconds.
const secondsToMs = (value: unknown): unknown => (typeof value === "number" ? value * 1000 : value);
const msToSeconds = (value: unknown): unknown => (typeof value === "number" ? value / 1000 : value);

const filePaths = ["file_path", "notebook_path", "path"] as const;

const text = (input: Record<string, unknown>, name: string): string | undefined =>
  typeof input[name] === "string" ? (input[name] as string) : undefined;

const tools: readonly ToolSpec[] = [
  {
    name: "Bash",
    native: "bash",
    family: "shell",
    required: ["command"],
    fields: [
      { native: "command", name: "command" },
      { native: "timeout", name: "timeout", toDialect: secondsToMs, toNative: msToSeconds },
    ],
    response: ({ text }) => ({
      stdout: text,
      stderr: "",
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    }),
  },
  {
    name: "Read",
    native: "read",
    family: "read",
    pathFields: filePaths,
    required: ["file_path"],
    fields: [
      { native: "path", name: "file_path", path: true },
      { native: "offset", name: "offset" },
      { native: "limit", name: "limit" },
    ],
    response: ({ input, text, details }) => {
      const numLines = text.split("\n").length;
      const startLine = typeof input.offset === "number" ? input.offset : 1;
      const total = field(details, "totalLines");
      return {
        type: "text",
        file: {
          filePath: input.file_path,
          content: text,
          numLines,
          startLine,
          totalLines: typeof total === "number" ? total : startLine - 1 + numLines,
        },
      };
    },
  },
  {
    name: "Write",
    native: "write",
    family: "edit",
    pathFields: filePaths,
    required: ["file_path", "content"],
    fields: [
      { native: "path", name: "file_path", path: true },
      { native: "content", name: "content" },
    ],
    response: ({ input, details }) => {
      const original = field(details, "originalFile");
      const originalFile = typeof original === "string" ? original : null;
      const content = typeof input.content === "string" ? input.content : "";
      return {
        type: originalFile === null ? "create" : "update",
        filePath: input.file_path,
        content,
        structuredPatch: originalFile === null ? [] : patch(originalFile, content),
        originalFile,
        userModified: false,
      };
    },
  },
  {
    name: "Edit",
    native: "edit",
    family: "edit",
    pathFields: filePaths,
    required: ["file_path", "old_string", "new_string"],
    fields: [
      { native: "path", name: "file_path", path: true },
      { native: "oldText", name: "old_string" },
      { native: "newText", name: "new_string" },
      { native: "replaceAll", name: "replace_all" },
    ],
    defaults: { replace_all: false },
    response: ({ input, details }) => {
      const original = field(details, "originalFile");
      const originalFile = typeof original === "string" ? original : "";
      const oldString = String(input.old_string ?? "");
      const newString = String(input.new_string ?? "");
      const replaceAll = input.replace_all === true;
      const updated = replaceAll
        ? originalFile.replaceAll(oldString, newString)
        : originalFile.replace(oldString, newString);
      return {
        filePath: input.file_path,
        oldString,
        newString,
        originalFile,
        structuredPatch: patch(originalFile, updated),
        userModified: false,
        replaceAll,
        contentNotInModelContext: true,
      };
    },
  },
  // Claude Code tools without a native counterpart sit among the others: matchers and `if` rules name them.
  { name: "MultiEdit", family: "edit", pathFields: filePaths },
  {
    name: "Grep",
    native: "grep",
    family: "read",
    pathFields: filePaths,
    searchesCwd: true,
    required: ["pattern"],
    fields: [
      { native: "pattern", name: "pattern" },
      { native: "path", name: "path" },
      { native: "glob", name: "glob" },
      { native: "ignoreCase", name: "-i" },
      { native: "context", name: "-C" },
      { native: "limit", name: "head_limit" },
    ],
    response: ({ input, text, details }) => {
      const mode = typeof input.output_mode === "string" ? input.output_mode : "files_with_matches";
      if (mode === "content") {
        const numLines = text === "" ? 0 : text.split("\n").length;
        return { mode, numFiles: 0, filenames: [], content: text, numLines, totalLines: numLines };
      }
      const filenames = filenamesOf(text, details);
      return { mode, filenames, numFiles: filenames.length, totalFiles: filenames.length };
    },
  },
  {
    name: "Glob",
    native: "glob",
    family: "read",
    pathFields: filePaths,
    searchesCwd: true,
    required: ["pattern"],
    fields: [
      { native: "pattern", name: "pattern" },
      { native: "path", name: "path" },
    ],
    response: ({ text, details }) => {
      const filenames = filenamesOf(text, details);
      return {
        filenames,
        durationMs: 0,
        numFiles: filenames.length,
        truncated: false,
        totalMatches: filenames.length,
        countIsComplete: true,
      };
    },
  },
  { name: "LS", family: "input" },
  {
    name: "WebFetch",
    family: "value",
    ruleValue: (input, pattern) => {
      const url = text(input, "url") ?? "";
      if (!pattern.startsWith("domain:")) return url;
      try {
        return `domain:${new URL(url).hostname}`;
      } catch {
        return "";
      }
    },
  },
  { name: "WebSearch", family: "value", ruleValue: (input) => text(input, "query") ?? "" },
  { name: "Task", family: "value", ruleValue: (input) => text(input, "subagent_type") ?? "" },
  { name: "TodoWrite", family: "input" },
  { name: "NotebookEdit", family: "edit", pathFields: filePaths },
  { name: "NotebookRead", family: "read", pathFields: filePaths },
  { name: "Agent", family: "value", ruleValue: (input) => text(input, "subagent_type") ?? "" },
  {
    name: "Skill",
    family: "value",
    ruleValue: (input) => text(input, "skill") ?? text(input, "command") ?? "",
  },
];

function field(details: unknown, name: string): unknown {
  return typeof details === "object" && details !== null
    ? (details as Record<string, unknown>)[name]
    : undefined;
}

/** `details.filenames` when the tool gives them, else one name per line of its text. */
function filenamesOf(text: string, details: unknown): string[] {
  const given = field(details, "filenames");
  if (Array.isArray(given) && given.every((name) => typeof name === "string")) return given;
  return text.split("\n").filter((line) => line.trim() !== "");
}

/** Claude Code's `structuredPatch`: jsdiff hunks with three lines of context. */
function patch(before: string, after: string): unknown[] {
  return diff()
    .structuredPatch("a", "b", before, after, "", "", { context: 3 })
    .hunks.map((hunk) => ({
      oldStart: hunk.oldStart,
      oldLines: hunk.oldLines,
      newStart: hunk.newStart,
      newLines: hunk.newLines,
      lines: hunk.lines,
    }));
}

export const claudeTools: ToolTable = {
  tools,
  caseInsensitive: true,
  response: ({ text, details }) => ({ output: text, details }),
  // MCP tools (`mcp__server__tool`) are the only ones whose output a hook may replace with any value.
  freeOutput: (name) => name.startsWith("mcp__"),
  families: { read: "Read", edit: "Edit" },
};
