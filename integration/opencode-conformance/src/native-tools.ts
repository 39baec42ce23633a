// The hookwire harness's tools, pi-style names and inputs, behaving as opencode's do where plugins can tell.
import { fileTools, stringParam, type ToolWording } from "@hookwire/conformance-kit";
import { exec, type ToolDefinition } from "@hookwire/core";

const text = (value: string) => [{ type: "text" as const, text: value }];

/** opencode's texts; `write` and `edit` carry no metadata. */
const OPENCODE_WORDING = {
  invalidInput: (tool, name, got) => `${tool} requires "${name}" (a string), got ${got}`,
  readMissing: (file) => `File not found: ${file}`,
  // What Node's read of the missing file says (the harness has always let it through).
  editMissing: (file) => `ENOENT: no such file or directory, open '${file}'`,
  textMissing: () => "oldString not found in content",
  wrote: () => ({ content: text("Wrote file successfully.") }),
  edited: () => ({ content: text("Edit applied successfully.") }),
} satisfies ToolWording;

/** The model calls opencode's tools; a host maps them onto its own (the inverse of the loader's tool table). */
export function nativeCall(args: Record<string, unknown>): Record<string, unknown> {
  const names: Record<string, string> = { filePath: "path", oldString: "oldText", newString: "newText" };
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [names[key] ?? key, value]));
}

export function nativeTools(cwd: string): ToolDefinition[] {
  return [
    {
      name: "bash",
      description: "Run a shell command.",
      parameters: {},
      // As opencode's bash: a non-zero exit is output, not a failure.
      async execute(_id, params) {
        const command = stringParam("bash", params, "command", OPENCODE_WORDING);
        const result = await exec("bash", ["-c", `exec 2>&1\n${command}`], { cwd });
        const output = result.stdout || "(no output)";
        return { content: text(output), details: { output, exit: result.code, truncated: false } };
      },
    },
    ...fileTools(cwd, OPENCODE_WORDING),
  ];
}
