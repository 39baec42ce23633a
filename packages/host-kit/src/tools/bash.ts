// The bash tool: runs a command with `bash -c` in the project folder, in its own process group.
import { exec, type ToolDefinition } from "@hookwire/core";

import { ToolInputError } from "../errors.js";
import { stringParam } from "./params.js";

export interface BashToolOptions {
  cwd: string;
  /** Milliseconds before the command is killed. Default 30 000. */
  timeout?: number;
  /** Shell text run before every command: the session's CLAUDE_ENV_FILE exports (`SessionEnvironment.prelude`). */
  prelude?: () => string;
}

export function createBashTool(options: BashToolOptions): ToolDefinition<{ exitCode: number }> {
  return {
    name: "bash",
    label: "Bash",
    description: "Run a shell command in the project folder.",
    parameters: {
      type: "object",
      properties: { command: { type: "string" }, timeout: { type: "number" } },
      required: ["command"],
    },
    async execute(_toolCallId, params, signal) {
      const command = stringParam("bash", params, "command");
      // core's exec kills the whole process group at the timeout or abort, so `sleep 60 | cat` stops too.
      // `exec 2>&1` first: one stream in the order the command wrote it, as a terminal shows it.
      const prelude = options.prelude?.() ?? "";
      const result = await exec("bash", ["-c", `exec 2>&1\n${prelude}${prelude ? "\n" : ""}${command}`], {
        cwd: options.cwd,
        timeout: typeof params.timeout === "number" ? params.timeout * 1000 : (options.timeout ?? 30_000),
        signal,
      });
      const output = [result.stdout.trimEnd(), result.stderr.trimEnd()].filter(Boolean).join("\n");
      if (result.code !== 0 || result.killed) {
        const status = result.killed ? "a kill (timeout or abort)" : `exit code ${result.code}`;
        throw new ToolInputError("bash", `command failed with ${status}${output ? `\n${output}` : ""}`);
      }
      return { content: [{ type: "text", text: output }], details: { exitCode: 0 } };
    },
  };
}
