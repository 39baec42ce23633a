// The hookwire harness's shell tool, standing in for Codex's `exec_command`: output as the command printed it.
import { exec, type ToolDefinition } from "@hookwire/core";

/**
 * `bash {command}`: stdout and stderr interleaved, as Codex shows them; a command that fails is not a
 * tool error (Codex tells the model its exit code), so PostToolUse still runs. `onRun` sees what the
 * command printed, before any hook rewrote it.
 */
export function nativeTools(
  cwd: string,
  onRun: (toolCallId: string, output: string) => void,
): ToolDefinition[] {
  return [
    {
      name: "bash",
      description: "Run a shell command.",
      parameters: {},
      async execute(toolCallId, params, signal) {
        const command = params.command;
        if (typeof command !== "string") throw new Error('bash requires "command" (a string)');
        const result = await exec("bash", ["-c", `exec 2>&1\n${command}`], { cwd, timeout: 30_000, signal });
        onRun(toolCallId, result.stdout);
        return { content: [{ type: "text", text: result.stdout }], details: { exitCode: result.code } };
      },
    },
  ];
}
