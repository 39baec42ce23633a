// Gemini CLI's tools: their names and inputs, hookwire's native counterparts, rule families, tool_response shapes.
import path from "node:path";
import type { NativeResult, ToolSpec, ToolTable } from "../../dialect-kit/types.js";
import { diff } from "../../lazy-deps.js";

const filePaths = ["file_path", "dir_path"] as const;

function field(details: unknown, name: string): unknown {
  return typeof details === "object" && details !== null
    ? (details as Record<string, unknown>)[name]
    : undefined;
}

/** What Gemini CLI shows for a file written or replaced: a unified diff and line / character counts. */
function fileDisplay(
  { input, details }: NativeResult,
  fresh: (original: string | null) => string,
  label: string,
) {
  const filePath = String(input.file_path ?? "");
  const original = field(details, "originalFile");
  const originalContent = typeof original === "string" ? original : null;
  const newContent = fresh(originalContent);
  let added = 0;
  let removed = 0;
  let addedChars = 0;
  let removedChars = 0;
  for (const change of diff().diffLines(originalContent ?? "", newContent)) {
    if (change.added) [added, addedChars] = [added + (change.count ?? 0), addedChars + change.value.length];
    if (change.removed)
      [removed, removedChars] = [removed + (change.count ?? 0), removedChars + change.value.length];
  }
  const fileName = path.basename(filePath);
  return {
    fileDiff: diff().createPatch(
      fileName,
      originalContent ?? "",
      newContent,
      label,
      originalContent === null ? "Written" : "Proposed",
    ),
    fileName,
    filePath,
    originalContent: originalContent ?? "",
    newContent,
    diffStat: {
      model_added_lines: added,
      model_removed_lines: removed,
      model_added_chars: addedChars,
      model_removed_chars: removedChars,
      user_added_lines: 0,
      user_removed_lines: 0,
      user_added_chars: 0,
      user_removed_chars: 0,
    },
    isNewFile: originalContent === null,
    isBuildFile: false,
  };
}

const tools: readonly ToolSpec[] = [
  {
    name: "run_shell_command",
    native: "bash",
    family: "shell",
    required: ["command"],
    fields: [
      { native: "command", name: "command" },
      { native: "cwd", name: "dir_path", path: true },
    ],
    // The command's output inside the untrusted-context fence Gemini CLI 0.61 gives the model.
    response: ({ text }) => ({
      llmContent: `<untrusted_context>\nOutput: ${text === "" ? "(empty)" : text}\n</untrusted_context>`,
      returnDisplay: text,
    }),
  },
  {
    name: "read_file",
    native: "read",
    family: "read",
    pathFields: filePaths,
    required: ["file_path"],
    fields: [
      { native: "path", name: "file_path", path: true },
      // Both count lines from 1; Gemini's inclusive `end_line` has no one-field native counterpart (`limit`).
      { native: "offset", name: "start_line" },
    ],
    response: ({ text }) => ({ llmContent: text, returnDisplay: "" }),
  },
  {
    name: "write_file",
    native: "write",
    family: "edit",
    pathFields: filePaths,
    required: ["file_path", "content"],
    fields: [
      { native: "path", name: "file_path", path: true },
      { native: "content", name: "content" },
    ],
    response: (result) => {
      const fresh = typeof result.input.content === "string" ? result.input.content : "";
      const display = fileDisplay(result, () => fresh, "Original");
      const verb = display.isNewFile
        ? `Successfully created and wrote to new file: ${display.filePath}.`
        : `Successfully overwrote file: ${display.filePath}.`;
      return { llmContent: `${verb} Here is the updated code:\n${fresh}`, returnDisplay: display };
    },
  },
  {
    name: "replace",
    native: "edit",
    family: "edit",
    pathFields: filePaths,
    required: ["file_path", "instruction", "old_string", "new_string"],
    fields: [
      { native: "path", name: "file_path", path: true },
      { native: "oldText", name: "old_string" },
      { native: "newText", name: "new_string" },
      { native: "replaceAll", name: "allow_multiple" },
    ],
    response: (result) => {
      const oldString = String(result.input.old_string ?? "");
      const newString = String(result.input.new_string ?? "");
      const all = result.input.allow_multiple === true;
      const display = fileDisplay(
        result,
        (original) =>
          all
            ? (original ?? "").replaceAll(oldString, newString)
            : (original ?? "").replace(oldString, newString),
        "Current",
      );
      const count = all ? display.originalContent.split(oldString).length - 1 : 1;
      return {
        llmContent: `Successfully modified file: ${display.filePath} (${count} replacements). Here is the updated code:\n${display.newContent}`,
        returnDisplay: display,
      };
    },
  },
  {
    name: "grep_search",
    native: "grep",
    family: "read",
    pathFields: filePaths,
    searchesCwd: true,
    required: ["pattern"],
    fields: [
      { native: "pattern", name: "pattern" },
      { native: "path", name: "dir_path", path: true },
      { native: "glob", name: "include_pattern" },
      { native: "limit", name: "total_max_matches" },
    ],
  },
  {
    name: "glob",
    native: "glob",
    family: "read",
    pathFields: filePaths,
    searchesCwd: true,
    required: ["pattern"],
    fields: [
      { native: "pattern", name: "pattern" },
      { native: "path", name: "dir_path", path: true },
    ],
  },
  {
    name: "list_directory",
    native: "ls",
    family: "read",
    pathFields: filePaths,
    required: ["dir_path"],
    fields: [
      { native: "path", name: "dir_path", path: true },
      { native: "limit", name: "limit" },
    ],
  },
  // Gemini CLI's other tools (0.61's declarations): no native counterpart, but matchers name them.
  { name: "web_fetch", family: "value", ruleValue: (input) => String(input.prompt ?? "") },
  { name: "google_web_search", family: "value", ruleValue: (input) => String(input.query ?? "") },
  { name: "write_todos", family: "input" },
  { name: "update_topic", family: "input" },
  { name: "list_background_processes", family: "input" },
  { name: "read_background_output", family: "input" },
  { name: "enter_plan_mode", family: "input" },
  { name: "invoke_agent", family: "value", ruleValue: (input) => String(input.agent_name ?? "") },
  { name: "activate_skill", family: "value", ruleValue: (input) => String(input.name ?? "") },
  { name: "save_memory", family: "input" },
];

export const geminiTools: ToolTable = {
  tools,
  // Gemini CLI's names are snake_case and its matchers case-sensitive (`RUN_SHELL_COMMAND` matches nothing).
  caseInsensitive: false,
  response: ({ text }) => ({ llmContent: text, returnDisplay: text }),
  // MCP tools (`mcp_<server>_<tool>`): their output is the server's own.
  freeOutput: (name) => name.startsWith("mcp_"),
};
