// What one handler run did, in full, as `--debug` / HOOKWIRE_DEBUG keeps it (a type both the runner and the log read).
/** One handler run in full: attached to its HandlerResult only when the host asked for debugging. */
export interface HandlerRunDebug {
  /** What ran: the argv of a command (`sh -c '…'`), `POST <url>` for http, the handler type for host executors. */
  ran: string;
  /** The folder a command ran in. */
  cwd?: string;
  /** The JSON the handler was given (stdin, or the POST body). */
  stdin: string;
  /** A command's exit code (`null` when a signal ended it), or an http response's status. */
  exitCode?: number | null;
  status?: number;
  signal?: string | null;
  /** Everything it printed (as kept: each stream capped at 1 MiB), or the response body. */
  stdout: string;
  stderr: string;
}
