// Codex's tools as its hooks see them: the shell tool is Claude-shaped `Bash {command}`; patches and MCP tools keep their names.
import type { ToolSpec, ToolTable } from "../../dialect-kit/types.js";

const tools: readonly ToolSpec[] = [
  {
    // The model calls `exec_command {cmd, workdir, …}` (or `shell`); Codex's hooks get `Bash {command}`.
    name: "Bash",
    native: "bash",
    family: "shell",
    required: ["command"],
    fields: [{ native: "command", name: "command" }],
    // Codex hands PostToolUse the command's output as one string.
    response: ({ text }) => text,
  },
  // Codex's file edits: one patch in `command` (`*** Begin Patch …`); matchers `Edit` and `Write` match it too.
  { name: "apply_patch", family: "input" },
];

export const codexTools: ToolTable = {
  tools,
  caseInsensitive: false,
  response: ({ text }) => text,
  freeOutput: (name) => name.startsWith("mcp__"),
};
