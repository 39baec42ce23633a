// The hookwire harness's own tools, pi-style native names and inputs (bash {command}, read {path}, …), with Gemini CLI's result rules.
import { fileTools, stringParam, type ToolWording } from "@hookwire/conformance-kit";
import { exec, type ToolDefinition } from "@hookwire/core";

/** Gemini CLI's errors; `write` and `edit` answer as the kit's do. */
const GEMINI_WORDING = {
  invalidInput: (tool, name, got) => `${tool} requires "${name}" (a string), got ${got}`,
  readMissing: (file) => `File not found: ${file}`,
  editMissing: (file) => `File not found: ${file}`,
  textMissing: (file) => `Text to replace not found in ${file}`,
} satisfies Partial<ToolWording>;

export function nativeTools(cwd: string): ToolDefinition[] {
  return [
    {
      name: "bash",
      description: "Run a shell command.",
      parameters: {},
      // A failing command is not a failed tool call in Gemini CLI: the exit code is part of the output.
      async execute(_id, params, signal) {
        const command = stringParam("bash", params, "command", GEMINI_WORDING);
        const result = await exec("bash", ["-c", `exec 2>&1\n${command}`], { cwd, timeout: 30_000, signal });
        const output = result.stdout.trimEnd();
        const code = result.code === 0 ? "" : `\nExit Code: ${result.code}`;
        return { content: [{ type: "text", text: `${output}${code}` }], details: { exitCode: result.code } };
      },
    },
    ...fileTools(cwd, GEMINI_WORDING),
  ];
}
