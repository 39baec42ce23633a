// `pi.exec`: run a process through the shared process runner and always resolve with what happened.
import { constants } from "node:os";
import { runProcess } from "./process/run-process.js";

export interface ExecOptions {
  cwd?: string;
  /** Added to the host's environment; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Milliseconds before the run is killed (SIGTERM, then SIGKILL after a grace period). */
  timeout?: number;
  signal?: AbortSignal;
}

export interface ExecResult {
  stdout: string;
  stderr: string;
  /** The exit code; 128 + signal number when killed by a signal, 127 when it could not start. */
  code: number;
  /** True when the process was killed: timeout, abort signal or an outside signal. */
  killed: boolean;
}

/** Bytes kept per stream; `pi.exec` output is for the hook to read, so it gets more room than hook output. */
export const EXEC_MAX_STREAM_BYTES = 16 * 1024 * 1024;

export async function exec(command: string, args: string[], options: ExecOptions = {}): Promise<ExecResult> {
  const run = await runProcess(command, args, {
    cwd: options.cwd,
    env: options.env ? { ...process.env, ...options.env } : process.env,
    timeoutMs: options.timeout,
    signal: options.signal,
    maxStreamBytes: EXEC_MAX_STREAM_BYTES,
  });
  if (run.spawnError) {
    return { stdout: run.stdout, stderr: run.stderr || run.spawnError.message, code: 127, killed: false };
  }
  const code = run.code ?? (run.signal ? 128 + (constants.signals[run.signal] ?? 0) : 127);
  return {
    stdout: run.stdout,
    stderr: run.stderr,
    code,
    killed: run.timedOut || run.aborted || run.signal !== null,
  };
}
