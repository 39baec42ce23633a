// Runs one command handler: its own process group, event JSON on stdin, capped output, a hard clock.
import { type ChildProcess, spawn } from "node:child_process";
import type { Readable } from "node:stream";
import type { CommandHandlerConfig } from "../types.js";
import { substitutePlaceholders } from "./environment.js";

/** Bytes kept per stream; the rest is read and discarded (and counted) so the child never stalls. */
export const MAX_STREAM_BYTES = 1024 * 1024;
/** Time between SIGTERM and SIGKILL to the process group. */
export const KILL_GRACE_MS = 1000;
/** After the hook exits, how long descendants holding its pipes may keep them before the group is killed. */
const DRAIN_MS = 100;

/** What to spawn, after placeholder substitution. */
export interface CommandSpec {
  file: string;
  args: string[];
  /** True when the command runs through a shell (no `args` in the config). */
  shellForm: boolean;
}

export interface CommandRun {
  /** Exit code; null when killed by a signal or never started. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Bytes read past the cap and discarded. */
  stdoutDropped: number;
  stderrDropped: number;
  timedOut: boolean;
  aborted: boolean;
  /** The spawn itself failed (no such file, not executable). */
  spawnError?: Error;
  durationMs: number;
}

export interface RunCommandOptions {
  cwd: string;
  env: Record<string, string>;
  /** Written to stdin (UTF-8, no BOM), then stdin is closed. */
  input: string;
  timeoutMs: number;
  /** Aborting kills the process group like a timeout. */
  signal?: AbortSignal;
  maxStreamBytes?: number;
}

type Placeholders = ReadonlyMap<string, string>;

interface Shell {
  argv(command: string): [string, string[]];
  /**
   * Placeholders stay references to the exported variables, for the shell to expand: pasted into the
   * command text, a folder named with quotes or `$(…)` would be parsed as code.
   */
  placeholders(command: string, values: Placeholders): string;
}

const posix = (file: string): Shell => ({
  argv: (command) => [file, ["-c", command]],
  placeholders: (command) => command,
});
const powershell: Shell = {
  argv: (command) => ["pwsh", ["-NoProfile", "-NonInteractive", "-Command", command]],
  // PowerShell reads `${NAME}` as one of its own variables; `${env:NAME}` is the exported one.
  placeholders: (command, values) =>
    command.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (match, name: string) =>
      values.has(name) ? `\${env:${name}}` : match,
    ),
};
const SHELLS: Record<string, Shell> = {
  sh: posix("sh"),
  bash: posix("bash"),
  zsh: posix("zsh"),
  powershell,
  pwsh: powershell,
};

/**
 * Exec form when `args` is present (no shell, placeholders substituted in each argument);
 * shell form otherwise: `sh -c` unless `shell` names another shell. A shell this module does not
 * know gets the placeholders substituted, as its variable syntax is unknown.
 */
export function commandSpec(config: CommandHandlerConfig, values: Placeholders): CommandSpec {
  if (Array.isArray(config.args)) {
    return {
      file: substitutePlaceholders(config.command, values),
      args: config.args.map((arg) => substitutePlaceholders(arg, values)),
      shellForm: false,
    };
  }
  const name = config.shell ?? "sh";
  const shell = Object.hasOwn(SHELLS, name) ? SHELLS[name] : undefined;
  if (!shell)
    return { file: name, args: ["-c", substitutePlaceholders(config.command, values)], shellForm: true };
  const [file, args] = shell.argv(shell.placeholders(config.command, values));
  return { file, args, shellForm: true };
}

class Collector {
  readonly chunks: Buffer[] = [];
  kept = 0;
  dropped = 0;
  constructor(readonly limit: number) {}
  push = (chunk: Buffer) => {
    const room = this.limit - this.kept;
    if (room >= chunk.length) {
      this.chunks.push(chunk);
      this.kept += chunk.length;
    } else {
      if (room > 0) this.chunks.push(chunk.subarray(0, room));
      this.kept += Math.max(room, 0);
      this.dropped += chunk.length - Math.max(room, 0);
    }
  };
  text(): string {
    return Buffer.concat(this.chunks, this.kept).toString("utf8");
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the whole group is already gone.
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Spawn the command in its own process group and resolve with what happened. Never rejects.
 * The clock decides: at the timeout the group gets SIGTERM, then SIGKILL after the grace period,
 * and the result is settled even if a descendant still holds the pipes.
 */
export function runCommand(spec: CommandSpec, options: RunCommandOptions): Promise<CommandRun> {
  const started = performance.now();
  const limit = options.maxStreamBytes ?? MAX_STREAM_BYTES;
  const out = new Collector(limit);
  const err = new Collector(limit);

  return new Promise<CommandRun>((resolve) => {
    let child: ChildProcess;
    let settled = false;
    let timedOut = false;
    let aborted = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let spawnError: Error | undefined;
    const timers: NodeJS.Timeout[] = [];

    const finish = () => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.stdin?.destroy();
      resolve({
        code: exit?.code ?? null,
        signal: exit?.signal ?? null,
        stdout: out.text(),
        stderr: err.text(),
        stdoutDropped: out.dropped,
        stderrDropped: err.dropped,
        timedOut,
        aborted,
        spawnError,
        durationMs: performance.now() - started,
      });
    };

    const terminate = () => {
      killGroup(child, "SIGTERM");
      const pid = child.pid;
      let waited = 0;
      // Poll so a group that obeys SIGTERM settles early; SIGKILL whatever is left after the grace.
      const poll = () => {
        if (pid === undefined || !groupAlive(pid)) return finish();
        waited += 50;
        if (waited >= KILL_GRACE_MS) {
          killGroup(child, "SIGKILL");
          // Give the kernel a moment to reap the direct child so `exit` reports the signal.
          timers.push(setTimeout(finish, 50));
          return;
        }
        timers.push(setTimeout(poll, 50));
      };
      timers.push(setTimeout(poll, 50));
    };

    const onAbort = () => {
      if (settled || timedOut || aborted) return;
      aborted = true;
      terminate();
    };

    try {
      child = spawn(spec.file, spec.args, {
        cwd: options.cwd,
        env: options.env,
        detached: true,
        stdio: ["pipe", "pipe", "pipe"],
        windowsHide: true,
      });
    } catch (error) {
      resolve({
        code: null,
        signal: null,
        stdout: "",
        stderr: "",
        stdoutDropped: 0,
        stderrDropped: 0,
        timedOut: false,
        aborted: false,
        spawnError: error instanceof Error ? error : new Error(String(error)),
        durationMs: performance.now() - started,
      });
      return;
    }

    (child.stdout as Readable).on("data", out.push);
    (child.stderr as Readable).on("data", err.push);
    // A child that never reads stdin closes the pipe under us: EPIPE is expected, not a failure.
    child.stdin?.on("error", () => {});
    child.stdout?.on("error", () => {});
    child.stderr?.on("error", () => {});

    child.on("error", (error) => {
      spawnError = error;
      if (child.pid === undefined) finish();
    });
    child.on("exit", (code, signal) => {
      exit = { code, signal };
      if (timedOut || aborted) return;
      // A descendant still holding the hook's pipes after the drain is part of the hook, not a
      // daemon (a daemon detaches its stdio): it is cut off with the rest of the group.
      timers.push(
        setTimeout(() => {
          killGroup(child, "SIGKILL");
          finish();
        }, DRAIN_MS),
      );
    });
    child.on("close", () => {
      // While terminating: the leader is gone and nothing holds its pipes, so whatever is left in
      // the group ignored SIGTERM on purpose; it gets no more grace.
      if (timedOut || aborted) killGroup(child, "SIGKILL");
      finish();
    });

    if (options.timeoutMs > 0 && Number.isFinite(options.timeoutMs)) {
      timers.push(
        setTimeout(() => {
          // A hook that already exited beat the clock, even if a descendant still holds its pipes.
          if (settled || aborted || exit) return;
          timedOut = true;
          terminate();
        }, options.timeoutMs),
      );
    }
    if (options.signal) {
      if (options.signal.aborted) onAbort();
      else options.signal.addEventListener("abort", onAbort, { once: true });
    }

    child.stdin?.end(options.input, "utf8");
  });
}
