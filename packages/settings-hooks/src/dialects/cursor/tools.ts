// Cursor's agent tools as its hooks name them (Shell, Read, Write, StrReplace, …) and hookwire's native tools.
import type { ToolSpec, ToolTable } from "../../dialect-kit/types.js";

const filePath = ["file_path", "path"] as const;

const tools: readonly ToolSpec[] = [
  {
    name: "Shell",
    native: "bash",
    family: "shell",
    required: ["command"],
    fields: [{ native: "command", name: "command" }],
  },
  {
    name: "Read",
    native: "read",
    family: "read",
    pathFields: filePath,
    required: ["file_path"],
    fields: [{ native: "path", name: "file_path", path: true }],
  },
  {
    name: "Write",
    native: "write",
    family: "edit",
    pathFields: filePath,
    required: ["file_path", "contents"],
    fields: [
      { native: "path", name: "file_path", path: true },
      { native: "content", name: "contents" },
    ],
  },
  {
    name: "StrReplace",
    native: "edit",
    family: "edit",
    pathFields: filePath,
    required: ["file_path"],
    fields: [
      { native: "path", name: "file_path", path: true },
      { native: "oldText", name: "old_string" },
      { native: "newText", name: "new_string" },
    ],
  },
  {
    name: "Grep",
    native: "grep",
    family: "read",
    pathFields: ["path"],
    searchesCwd: true,
    required: ["pattern"],
    fields: [
      { native: "pattern", name: "pattern" },
      { native: "path", name: "path" },
    ],
  },
  {
    name: "Glob",
    native: "glob",
    family: "read",
    pathFields: ["target_directory"],
    searchesCwd: true,
    required: ["glob_pattern"],
    fields: [
      { native: "pattern", name: "glob_pattern" },
      { native: "path", name: "target_directory" },
    ],
  },
  // Tools only Cursor has: they appear in matchers.
  { name: "Delete", family: "edit", pathFields: filePath },
  { name: "Task", family: "input" },
];

export const cursorTools: ToolTable = {
  tools,
  caseInsensitive: false,
  // postToolUse's `tool_output`: a JSON string of the result, as Cursor sends it.
  response: ({ text }) => JSON.stringify({ output: text }),
  freeOutput: (name) => name.startsWith("mcp__"),
};
