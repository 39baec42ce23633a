// Native tool names and inputs ↔ the Claude-Code names and fields that settings hooks see.

interface FieldMap {
  native: string;
  settings: string;
  toSettings?: (value: unknown) => unknown;
  fromSettings?: (value: unknown) => unknown;
}

interface ToolMap {
  native: string;
  settings: string;
  fields: FieldMap[];
}

// Native bash timeouts are seconds, Claude's Bash timeout is milliseconds.
const secondsToMs = (value: unknown): unknown => (typeof value === "number" ? value * 1000 : value);
const msToSeconds = (value: unknown): unknown => (typeof value === "number" ? value / 1000 : value);

const tools: readonly ToolMap[] = [
  {
    native: "bash",
    settings: "Bash",
    fields: [
      { native: "command", settings: "command" },
      { native: "timeout", settings: "timeout", toSettings: secondsToMs, fromSettings: msToSeconds },
    ],
  },
  {
    native: "read",
    settings: "Read",
    fields: [
      { native: "path", settings: "file_path" },
      { native: "offset", settings: "offset" },
      { native: "limit", settings: "limit" },
    ],
  },
  {
    native: "write",
    settings: "Write",
    fields: [
      { native: "path", settings: "file_path" },
      { native: "content", settings: "content" },
    ],
  },
  {
    native: "edit",
    settings: "Edit",
    fields: [
      { native: "path", settings: "file_path" },
      { native: "oldText", settings: "old_string" },
      { native: "newText", settings: "new_string" },
    ],
  },
  {
    native: "grep",
    settings: "Grep",
    fields: [
      { native: "pattern", settings: "pattern" },
      { native: "path", settings: "path" },
      { native: "glob", settings: "glob" },
      { native: "ignoreCase", settings: "-i" },
      { native: "context", settings: "-C" },
      { native: "limit", settings: "head_limit" },
    ],
  },
  {
    native: "glob",
    settings: "Glob",
    fields: [
      { native: "pattern", settings: "pattern" },
      { native: "path", settings: "path" },
    ],
  },
];

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
): { tool_name: string; tool_input: Record<string, unknown> } {
  const tool = byNative.get(toolName);
  if (!tool) return { tool_name: toolName, tool_input: input };
  return { tool_name: tool.settings, tool_input: renameFields(input, tool.fields, "native", "settings") };
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
  return renameFields(settingsInput, tool.fields, "settings", "native");
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
    output[field[to]] = convert ? convert(value) : value;
  }
  return output;
}
