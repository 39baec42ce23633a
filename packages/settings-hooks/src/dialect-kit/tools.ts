// A dialect's tool table at work: native calls ↔ the dialect's tool names, inputs and tool_response shapes.
import path from "node:path";
import type { DialectToolCall, FieldSpec, NativeResult, ToolSpec, ToolTable } from "./types.js";

interface Index {
  byNative: Map<string, ToolSpec>;
  byName: Map<string, ToolSpec>;
}

const indexes = new WeakMap<ToolTable, Index>();

function index(table: ToolTable): Index {
  let found = indexes.get(table);
  if (!found) {
    const key = (name: string) => (table.caseInsensitive ? name.toLowerCase() : name);
    found = {
      byNative: new Map(table.tools.flatMap((tool) => (tool.native ? [[tool.native, tool] as const] : []))),
      byName: new Map(table.tools.map((tool) => [key(tool.name), tool])),
    };
    indexes.set(table, found);
  }
  return found;
}

/** The table entry for a native name (`bash`) or a dialect name (`Bash`; `BASH` when case-insensitive). */
export function findTool(table: ToolTable, name: string): ToolSpec | undefined {
  const { byNative, byName } = index(table);
  return byNative.get(name) ?? byName.get(table.caseInsensitive ? name.toLowerCase() : name);
}

/** The entry of a native tool, by its native name only. */
export function nativeTool(table: ToolTable, nativeName: string): ToolSpec | undefined {
  return index(table).byNative.get(nativeName);
}

/**
 * A native call in the dialect's terms (`read {path}` → `Read {file_path}`, paths absolute under `cwd`).
 * Fields without a counterpart, and tools the table does not map (MCP, host tools), pass through unchanged.
 */
export function toDialectCall(
  table: ToolTable,
  nativeName: string,
  nativeInput: Record<string, unknown>,
  cwd?: string,
): DialectToolCall {
  const spec = nativeTool(table, nativeName);
  if (!spec) return { nativeName, nativeInput, name: nativeName, input: nativeInput };
  const renamed = renameFields(nativeInput, spec.fields ?? [], "native", "name", cwd);
  const input = { ...renamed, ...missingDefaults(spec.defaults, renamed) };
  return { nativeName, nativeInput, name: spec.name, input, spec };
}

function missingDefaults(defaults: ToolSpec["defaults"], input: Record<string, unknown>) {
  if (!defaults) return {};
  return Object.fromEntries(Object.entries(defaults).filter(([key]) => !(key in input)));
}

/** The dialect's `tool_response` for a call's native result. */
export function toolResponse(table: ToolTable, call: DialectToolCall, result: NativeResult): unknown {
  return (call.spec?.response ?? table.response)(result);
}

/**
 * Native field names for a dialect-shaped input, typically a hook's `updatedInput`. `toolName` may be
 * either name. Only the fields present are translated; a default the agent fills in goes back only
 * when it says something.
 */
export function toNativeInput(
  table: ToolTable,
  toolName: string,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const spec = findTool(table, toolName);
  if (!spec?.native) return input;
  const fields = spec.fields ?? [];
  const native = renameFields(input, fields, "name", "native");
  for (const [key, value] of Object.entries(spec.defaults ?? {})) {
    const nativeKey = fields.find((f) => f.name === key)?.native ?? key;
    if (native[nativeKey] === value) delete native[nativeKey];
  }
  return native;
}

/** The native tool a dialect name stands for (`Bash` → `bash`); names the table does not map, unchanged. */
export function nativeToolName(table: ToolTable, toolName: string): string {
  return findTool(table, toolName)?.native ?? toolName;
}

/** The dialect's name of a tool given either of its names (`bash`, `Bash` → `Bash`); others unchanged. */
export function dialectToolName(table: ToolTable, toolName: string): string {
  return findTool(table, toolName)?.name ?? toolName;
}

/** The required fields (dialect names) a dialect-shaped input lacks; unknown tools: none. */
export function missingFields(table: ToolTable, toolName: string, input: Record<string, unknown>): string[] {
  const spec = findTool(table, toolName);
  return (spec?.required ?? []).filter((field) => input[field] === undefined);
}

function renameFields(
  input: Record<string, unknown>,
  fields: readonly FieldSpec[],
  from: "native" | "name",
  to: "native" | "name",
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
    const convert = to === "name" ? field.toDialect : field.toNative;
    const absolute = to === "name" && field.path && cwd !== undefined && typeof value === "string";
    output[field[to]] = absolute ? path.resolve(cwd, value) : convert ? convert(value) : value;
  }
  return output;
}
