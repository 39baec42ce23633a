// `pi.exec`: run a process through execa and always resolve with what happened.
import { constants } from "node:os";
import { execa } from "execa";

export interface ExecOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Milliseconds before the process group is killed (SIGTERM, then SIGKILL after a grace period). */
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

const KILL_GRACE_MS = 1000;

/** Signal the whole process group, so a grandchild holding the pipes open dies too. */
function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

export async function exec(command: string, args: string[], options: ExecOptions = {}): Promise<ExecResult> {
  // The child leads its own process group; timeout and abort are enforced here, on the group,
  // because execa's own timeout signals only the direct child.
  const child = execa(command, args, {
    cwd: options.cwd,
    env: options.env,
    extendEnv: true,
    detached: true,
    reject: false,
    stdin: "ignore",
    stripFinalNewline: false,
  });
  let stopped = false;
  let graceTimer: NodeJS.Timeout | undefined;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    killGroup(child.pid, "SIGTERM");
    graceTimer = setTimeout(() => killGroup(child.pid, "SIGKILL"), KILL_GRACE_MS);
  };
  const timer = options.timeout ? setTimeout(stop, options.timeout) : undefined;
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener("abort", stop, { once: true });
  try {
    const result = await child;
    const killed = stopped || Boolean(result.isTerminated);
    let code = result.exitCode;
    if (code === undefined) code = result.signal ? 128 + (constants.signals[result.signal] ?? 0) : 127;
    const stderr = code === 127 && result.failed && !result.stderr ? result.shortMessage : result.stderr;
    return { stdout: String(result.stdout ?? ""), stderr: String(stderr ?? ""), code, killed };
  } finally {
    clearTimeout(timer);
    clearTimeout(graceTimer);
    options.signal?.removeEventListener("abort", stop);
    // Whatever the leader left behind in its group goes with it.
    if (stopped) killGroup(child.pid, "SIGKILL");
  }
}
