// The bash tool: runs a command with `bash -c` in the project folder through execa.
import type { AgentTool } from "@hookwire/tool-wrapper";
import { execa } from "execa";
import { ToolInputError } from "../errors.js";
import { stringParam } from "./params.js";

export interface BashToolOptions {
  cwd: string;
  /** Milliseconds before the command is killed. Default 30 000. */
  timeout?: number;
}

export function createBashTool(options: BashToolOptions): AgentTool<{ exitCode: number }> {
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
      const result = await execa("bash", ["-c", command], {
        cwd: options.cwd,
        all: true,
        reject: false,
        stdin: "ignore",
        timeout: typeof params.timeout === "number" ? params.timeout * 1000 : (options.timeout ?? 30_000),
        cancelSignal: signal,
        forceKillAfterDelay: 2000,
      });
      const output = String(result.all ?? "").trimEnd();
      if (result.exitCode !== 0) {
        const status =
          result.exitCode === undefined
            ? `killed (${result.signal ?? "timeout"})`
            : `exit code ${result.exitCode}`;
        throw new ToolInputError("bash", `command failed with ${status}${output ? `\n${output}` : ""}`);
      }
      return { content: [{ type: "text", text: output }], details: { exitCode: 0 } };
    },
  };
}
