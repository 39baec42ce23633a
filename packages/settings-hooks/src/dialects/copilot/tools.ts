// GitHub Copilot CLI's tools (1.0.102): names and inputs, hookwire's native counterparts, the toolResult shape.
import type { ToolSpec, ToolTable } from "../../dialect-kit/types.js";

const tools: readonly ToolSpec[] = [
  {
    name: "bash",
    native: "bash",
    family: "shell",
    // The model must send `description`; a hook rewriting the input keeps what the agent needs.
    required: ["command"],
    fields: [{ native: "command", name: "command" }],
  },
  {
    name: "view",
    native: "read",
    family: "read",
    pathFields: ["path"],
    required: ["path"],
    fields: [{ native: "path", name: "path", path: true }],
  },
  {
    name: "create",
    native: "write",
    family: "edit",
    pathFields: ["path"],
    required: ["path", "file_text"],
    fields: [
      { native: "path", name: "path", path: true },
      { native: "content", name: "file_text" },
    ],
  },
  {
    name: "edit",
    native: "edit",
    family: "edit",
    pathFields: ["path"],
    required: ["path"],
    fields: [
      { native: "path", name: "path", path: true },
      { native: "oldText", name: "old_str" },
      { native: "newText", name: "new_str" },
    ],
  },
  {
    name: "grep",
    native: "grep",
    family: "read",
    pathFields: ["paths"],
    searchesCwd: true,
    required: ["pattern"],
    fields: [
      { native: "pattern", name: "pattern" },
      { native: "path", name: "paths" },
      { native: "glob", name: "glob" },
    ],
  },
  {
    name: "glob",
    native: "glob",
    family: "read",
    pathFields: ["paths"],
    searchesCwd: true,
    required: ["pattern"],
    fields: [
      { native: "pattern", name: "pattern" },
      { native: "path", name: "paths" },
    ],
  },
];

export const copilotTools: ToolTable = {
  tools,
  // Copilot's tool names are lower-case and matched as written.
  caseInsensitive: false,
  // postToolUse's `toolResult`: what the model was given, as Copilot sends it.
  response: ({ text }) => ({ resultType: "success", textResultForLlm: text }),
  freeOutput: (name) => !tools.some((tool) => tool.name === name),
};
