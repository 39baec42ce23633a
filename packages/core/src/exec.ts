// `pi.exec`: run a process through execa and always resolve with what happened.
import { constants } from "node:os";
import { execa } from "execa";

export interface ExecOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Milliseconds before the process is killed (SIGTERM, then SIGKILL). */
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

const KILL_GRACE_MS = 2000;

export async function exec(command: string, args: string[], options: ExecOptions = {}): Promise<ExecResult> {
  const result = await execa(command, args, {
    cwd: options.cwd,
    env: options.env,
    extendEnv: true,
    timeout: options.timeout,
    cancelSignal: options.signal,
    forceKillAfterDelay: KILL_GRACE_MS,
    reject: false,
    stdin: "ignore",
    stripFinalNewline: false,
  });
  const killed = Boolean(result.isTerminated || result.timedOut || result.isCanceled);
  let code = result.exitCode;
  if (code === undefined) code = result.signal ? 128 + signalNumber(result.signal) : 127;
  const stderr = code === 127 && result.failed && !result.stderr ? result.shortMessage : result.stderr;
  return { stdout: String(result.stdout ?? ""), stderr: String(stderr ?? ""), code, killed };
}

function signalNumber(signal: string): number {
  return constants.signals[signal as NodeJS.Signals] ?? 0;
}
