// Errors the CLI reports with exit code 2: bad arguments or a project it cannot read.
import { HookwireError } from "@hookwire/core";

/** Exit codes of every `hookwire` command. */
export const EXIT = {
  ok: 0,
  /** A hook blocked or denied (emit, tool), or a slash command failed (run). */
  blocked: 1,
  /** Bad arguments, unknown event or command, invalid input JSON, or a configuration error. */
  usage: 2,
  /** Project hooks were skipped because the project is not trusted (emit, tool): the result is without them. */
  untrusted: 3,
} as const;

export class CliUsageError extends HookwireError {
  constructor(message: string, options?: { cause?: unknown; details?: string }) {
    super("CLI_USAGE", message, options);
    this.name = "CliUsageError";
  }
}
