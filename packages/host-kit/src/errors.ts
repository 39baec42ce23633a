// Errors of the host kit: a bad script line, a tool used wrongly.
import { HookwireError } from "@hookwire/core";

/** A line of the scripted-model file is not valid JSON or not a known step. */
export class ScriptError extends HookwireError {
  readonly file: string;
  readonly line: number;

  constructor(init: { file: string; line: number; message: string; cause?: unknown }) {
    super("HOST_SCRIPT_INVALID", `${init.file}:${init.line}: ${init.message}`, { cause: init.cause });
    this.name = "ScriptError";
    this.file = init.file;
    this.line = init.line;
  }
}

/** A tool got input it cannot use, or its operation failed (file missing, text not found). */
export class ToolInputError extends HookwireError {
  readonly toolName: string;

  constructor(toolName: string, message: string, options?: { cause?: unknown }) {
    super("HOST_TOOL_FAILED", `${toolName}: ${message}`, options);
    this.name = "ToolInputError";
    this.toolName = toolName;
  }
}
