// Native tool names, inputs and results ↔ the Claude-Code names, fields and tool_response shapes settings hooks see.
import path from "node:path";
import { structuredPatch } from "diff";

interface FieldMap {
  native: string;
  settings: string;
  /** A file path: hooks see it absolute and normalised (`docs/../x` → `<cwd>/x`), as Claude Code sends it. */
  filePath?: true;
  toSettings?: (value: unknown) => unknown;
  fromSettings?: (value: unknown) => unknown;
}

/** What a native call produced, for building Claude Code's `tool_response`. */
export interface NativeResult {
  /** The settings-shaped input the call ran with. */
  input: Record<string, unknown>;
  /** The result's text content, joined. */
  text: string;
  /** The tool's `details`; `originalFile` (the file before a write or edit) and `filenames` are read when present. */
  details: unknown;
}

interface ToolMap {
  native: string;
  settings: string;
  fields: FieldMap[];
  /** Settings fields the tool cannot run without (Claude Code's schema): an `updatedInput` must keep them. */
  required: readonly string[];
  /** Settings fields Claude Code fills in before hooks see the input, with their defaults. */
  defaults?: Record<string, unknown>;
  /** Claude Code's `tool_response` for this tool (its own shape, which hooks read with jq). */
  response: (result: NativeResult) => unknown;
}

// Native bash timeouts are seconds, Claude's Bash timeout is milliseconds.
const secondsToMs = (value: unknown): unknown => (typeof value === "number" ? value * 1000 : value);
const msToSeconds = (value: unknown): unknown => (typeof value === "number" ? value / 1000 : value);

const tools: readonly ToolMap[] = [
  {
    native: "bash",
    required: ["command"],
    settings: "Bash",
    fields: [
      { native: "command", settings: "command" },
      { native: "timeout", settings: "timeout", toSettings: secondsToMs, fromSettings: msToSeconds },
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
    native: "read",
    required: ["file_path"],
    settings: "Read",
    fields: [
      { native: "path", settings: "file_path", filePath: true },
      { native: "offset", settings: "offset" },
      { native: "limit", settings: "limit" },
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
    native: "write",
    required: ["file_path", "content"],
    settings: "Write",
    fields: [
      { native: "path", settings: "file_path", filePath: true },
      { native: "content", settings: "content" },
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
    native: "edit",
    required: ["file_path", "old_string", "new_string"],
    settings: "Edit",
    fields: [
      { native: "path", settings: "file_path", filePath: true },
      { native: "oldText", settings: "old_string" },
      { native: "newText", settings: "new_string" },
      { native: "replaceAll", settings: "replace_all" },
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
  {
    native: "grep",
    required: ["pattern"],
    settings: "Grep",
    fields: [
      { native: "pattern", settings: "pattern" },
      { native: "path", settings: "path" },
      { native: "glob", settings: "glob" },
      { native: "ignoreCase", settings: "-i" },
      { native: "context", settings: "-C" },
      { native: "limit", settings: "head_limit" },
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
    native: "glob",
    required: ["pattern"],
    settings: "Glob",
    fields: [
      { native: "pattern", settings: "pattern" },
      { native: "path", settings: "path" },
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
  return structuredPatch("a", "b", before, after, "", "", { context: 3 }).hunks.map((hunk) => ({
    oldStart: hunk.oldStart,
    oldLines: hunk.oldLines,
    newStart: hunk.newStart,
    newLines: hunk.newLines,
    lines: hunk.lines,
  }));
}

const byNative = new Map(tools.map((tool) => [tool.native, tool]));
const bySettings = new Map(tools.map((tool) => [tool.settings.toLowerCase(), tool]));

function findTool(name: string): ToolMap | undefined {
  return byNative.get(name) ?? bySettings.get(name.toLowerCase());
}

/**
 * The Claude-Code name and input of a native call (`read {path}` → `Read {file_path}`). Fields without a
 * counterpart and tools without a mapping (MCP tools, custom tools) pass through unchanged.
 */
export function toSettingsTool(
  toolName: string,
  input: Record<string, unknown>,
  options: { cwd?: string } = {},
): { tool_name: string; tool_input: Record<string, unknown> } {
  const tool = byNative.get(toolName);
  if (!tool) return { tool_name: toolName, tool_input: input };
  const renamed = renameFields(input, tool.fields, "native", "settings", options.cwd);
  return { tool_name: tool.settings, tool_input: { ...renamed, ...withoutPresent(tool.defaults, renamed) } };
}

function withoutPresent(defaults: Record<string, unknown> | undefined, input: Record<string, unknown>) {
  if (!defaults) return {};
  return Object.fromEntries(Object.entries(defaults).filter(([key]) => !(key in input)));
}

/**
 * Claude Code's `tool_response` for a native call's result; tools without a mapping get
 * `{output, details}` (the text and the tool's own details).
 */
export function toSettingsResponse(toolName: string, result: NativeResult): unknown {
  const tool = byNative.get(toolName);
  if (!tool) return { output: result.text, details: result.details };
  return tool.response(result);
}

/**
 * Native field names for a settings-shaped input, typically a hook's `updatedInput`. `toolName` may be either
 * name of the tool. Only the fields present are translated: the result is as partial as the input, and merging it
 * over the original native input (or replacing the input with it) is the caller's choice.
 */
export function fromSettingsInput(
  toolName: string,
  settingsInput: Record<string, unknown>,
): Record<string, unknown> {
  const tool = findTool(toolName);
  if (!tool) return settingsInput;
  const native = renameFields(settingsInput, tool.fields, "settings", "native");
  // A default the bridge filled in goes back only when it says something: native tools need not know it.
  for (const [key, value] of Object.entries(tool.defaults ?? {})) {
    const nativeKey = tool.fields.find((f) => f.settings === key)?.native ?? key;
    if (native[nativeKey] === value) delete native[nativeKey];
  }
  return native;
}

/**
 * The required fields (settings names) a settings-shaped input lacks, e.g. a hook's `updatedInput`, which
 * replaces the whole input: Claude Code would refuse such a call. Unknown tools: none (their schema is the host's).
 */
export function missingRequiredFields(toolName: string, settingsInput: Record<string, unknown>): string[] {
  const tool = findTool(toolName);
  return tool ? tool.required.filter((field) => settingsInput[field] === undefined) : [];
}

/** The Claude-Code name of a tool given either of its names (`bash`, `Bash`, `BASH` → `Bash`); others unchanged. */
export function settingsToolName(toolName: string): string {
  return findTool(toolName)?.settings ?? toolName;
}

/** Whether two names denote the same tool: `bash` and `Bash` do; unmapped names must be equal. */
export function sameTool(a: string, b: string): boolean {
  return a === b || settingsToolName(a) === settingsToolName(b);
}

function renameFields(
  input: Record<string, unknown>,
  fields: readonly FieldMap[],
  from: "native" | "settings",
  to: "native" | "settings",
  cwd?: string,
): Record<string, unknown> {
  const output: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const field = fields.find((candidate) => candidate[from] === key);
    if (!field) {
      // When an unmapped field has the same name as a translated one, the translated one wins.
      if (!(key in output)) output[key] = value;
      continue;
    }
    const convert = to === "settings" ? field.toSettings : field.fromSettings;
    const absolute = to === "settings" && field.filePath && cwd !== undefined && typeof value === "string";
    output[field[to]] = absolute ? path.resolve(cwd, value) : convert ? convert(value) : value;
  }
  return output;
}
