// The one process runner (pi.exec and command hooks): own process group, capped output, a hard clock, no survivors.
import type { ChildProcess } from "node:child_process";
import { nowMs } from "../clock.js";
import { lazyRequire } from "../lazy-require.js";
import { addLiveRun } from "./live-runs.js";
import { killRunPids, markedEnv, newRunMarker, type RunMarker, runPids } from "./run-marker.js";

// Loaded on the first spawn: node:child_process costs a host that never spawns ~5 ms of its start.
const childProcess = lazyRequire<typeof import("node:child_process")>(import.meta.url, "node:child_process");

/** Bytes kept per stream by default; the rest is read and discarded (and counted) so the child never stalls. */
export const MAX_STREAM_BYTES = 1024 * 1024;
/** Time between SIGTERM and SIGKILL at a timeout or abort. */
export const KILL_GRACE_MS = 1000;
/** After the process exits, how long descendants holding its pipes may keep them before the group is killed. */
const DRAIN_MS = 100;
const POLL_MS = 50;
/** After the drain, how long to wait for the pipes to close before cutting off a holder outside the group. */
const CUT_OFF_MS = 500;

export interface ProcessRun {
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
  /**
   * The spawn itself failed: no such file, not executable, or the host is out of resources
   * (EMFILE, ENFILE, EAGAIN, ENOMEM). Never thrown: it is part of the result.
   */
  spawnError?: Error;
  durationMs: number;
}

export interface RunProcessOptions {
  cwd?: string;
  /** The complete environment of the child (not merged with `process.env`). */
  env: Record<string, string | undefined>;
  /** Written to stdin (UTF-8), then stdin is closed. Without it stdin is `/dev/null`. */
  input?: string;
  /** Milliseconds before the run is killed; 0 or undefined for no limit. */
  timeoutMs?: number;
  /** Aborting kills the run like a timeout. */
  signal?: AbortSignal;
  maxStreamBytes?: number;
  /** What the run belongs to (a hook's path), for `liveRunLabels` / `killLiveRuns`. */
  label?: string;
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

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
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
 * Everything the run started: (Linux) every process carrying its marker and, while the leader
 * lives, its descendants, found before the group is signalled (which re-parents them); then the group.
 */
function killRun(
  pid: number | undefined,
  leaderAlive: boolean,
  marker: RunMarker,
  signal: NodeJS.Signals,
): void {
  killRunPids(marker, signal, leaderAlive ? pid : undefined);
  killGroup(pid, signal);
}

/** What the host can do about a spawn that failed for lack of resources; the errno alone says little. */
const RESOURCE_HINTS: Record<string, string> = {
  EMFILE: "the host has too many open files (raise its limit, e.g. `ulimit -n`)",
  ENFILE: "the system has too many open files",
  EAGAIN: "the system or this user has too many processes",
  ENOMEM: "out of memory",
};

function spawnFailure(value: unknown): Error {
  const error = value instanceof Error ? value : new Error(String(value));
  const hint = RESOURCE_HINTS[(error as NodeJS.ErrnoException).code ?? ""];
  if (hint && !error.message.includes(hint)) error.message = `${error.message}: ${hint}`;
  return error;
}

/**
 * Spawn `file` in its own process group and resolve with what happened; never rejects, never
 * throws (a spawn that fails for lack of file descriptors or memory is a `spawnError`).
 *
 * At a timeout or abort, the run gets SIGTERM, then SIGKILL after the grace period: the process
 * group, and on Linux every process carrying the run's environment marker (those that left the
 * group with setsid/setpgid). The result is settled even if a descendant still holds the pipes.
 *
 * After a normal exit, descendants still holding the pipes after a short drain are killed with
 * the group; descendants that let go of stdout/stderr (daemons) keep running, and one that left
 * the group but holds the pipes is cut off from them after another half second.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one child's lifetime (spawn, streams, timeout, the group's kill), whose steps share that child's state; a split would pass it around in a bag.
export function runProcess(
  file: string,
  args: readonly string[],
  options: RunProcessOptions,
): Promise<ProcessRun> {
  const started = nowMs();
  const limit = options.maxStreamBytes ?? MAX_STREAM_BYTES;
  const out = new Collector(limit);
  const err = new Collector(limit);
  const marker = newRunMarker();

  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: the same lifetime as runProcess's (above): the child's state is this closure's.
  return new Promise<ProcessRun>((resolve) => {
    let child: ChildProcess | undefined;
    let settled = false;
    let timedOut = false;
    let aborted = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let spawnError: Error | undefined;
    const timers: NodeJS.Timeout[] = [];
    let forget: () => unknown = () => undefined;

    const finish = () => {
      if (settled) return;
      settled = true;
      forget();
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      // Whatever is still marked ignored SIGTERM or appeared late; a stopped run leaves nothing.
      if (timedOut || aborted) killRunPids(marker, "SIGKILL");
      child?.stdout?.destroy();
      child?.stderr?.destroy();
      child?.stdin?.destroy();
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
        durationMs: nowMs() - started,
      });
    };

    const terminate = () => {
      const pid = child?.pid;
      killRun(pid, exit === undefined, marker, "SIGTERM");
      let waited = 0;
      // Poll so a run that obeys SIGTERM settles early; SIGKILL whatever is left after the grace.
      const poll = () => {
        if (pid === undefined || (!groupAlive(pid) && runPids(marker).length === 0)) return finish();
        waited += POLL_MS;
        if (waited >= KILL_GRACE_MS) {
          killRun(pid, exit === undefined, marker, "SIGKILL");
          // Give the kernel a moment to reap the direct child so `exit` reports the signal.
          timers.push(setTimeout(finish, POLL_MS));
          return;
        }
        timers.push(setTimeout(poll, POLL_MS));
      };
      timers.push(setTimeout(poll, POLL_MS));
    };

    const onAbort = () => {
      if (settled || timedOut || aborted) return;
      aborted = true;
      terminate();
    };

    try {
      child = childProcess().spawn(file, args, {
        cwd: options.cwd,
        env: markedEnv(options.env, marker),
        detached: true,
        stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
        windowsHide: true,
      });
    } catch (error) {
      // ENOMEM and other failures Node throws instead of emitting.
      spawnError = spawnFailure(error);
      finish();
      return;
    }
    // First, before anything can throw: EMFILE/ENFILE/EAGAIN arrive as an 'error' event on the next
    // tick (and for EMFILE the stdio streams were never created); unheard, it would end the host.
    child.on("error", (error) => {
      spawnError = spawnFailure(error);
      if (child?.pid === undefined) finish();
    });
    if (child.pid === undefined && !child.stdout) return;
    forget = addLiveRun({
      label: options.label,
      // Out of time: no grace. Everything is SIGKILLed now; the run settles when its pipes close.
      kill: () => {
        if (settled) return;
        aborted = true;
        killRun(child?.pid, exit === undefined, marker, "SIGKILL");
        timers.push(setTimeout(finish, POLL_MS));
      },
    });

    child.stdout?.on("data", out.push);
    child.stderr?.on("data", err.push);
    // A child that never reads stdin closes the pipe under us: EPIPE is expected, not a failure.
    child.stdin?.on("error", () => {});
    child.stdout?.on("error", () => {});
    child.stderr?.on("error", () => {});

    const cutOff = () => {
      if (settled) return;
      // Without /proc nobody can be seen: cut off. With it, no live process of the run means the
      // pipes are closing and only the event loop is behind: keep waiting for 'close'.
      if (process.platform !== "linux" || runPids(marker).length > 0) finish();
      else timers.push(setTimeout(cutOff, CUT_OFF_MS));
    };
    child.on("exit", (code, signal) => {
      exit = { code, signal };
      if (timedOut || aborted) return;
      // A descendant still holding the pipes after the drain is part of the run, not a daemon
      // (a daemon detaches its stdio): it is cut off with the rest of the group.
      timers.push(
        setTimeout(() => {
          killGroup(child?.pid, "SIGKILL");
          // Output the hook wrote before it exited may still be unread (a busy event loop): wait for
          // 'close', which follows once the killed holders let go. Only a holder that left the group
          // can keep the pipes open past this; it is cut off (it is not killed: see above).
          timers.push(setTimeout(cutOff, CUT_OFF_MS));
        }, DRAIN_MS),
      );
    });
    child.on("close", () => {
      // While terminating: the leader is gone and nothing holds its pipes, so whatever is left
      // ignored SIGTERM on purpose; it gets no more grace.
      if (timedOut || aborted) killRun(child?.pid, false, marker, "SIGKILL");
      finish();
    });

    const timeoutMs = options.timeoutMs ?? 0;
    if (timeoutMs > 0 && Number.isFinite(timeoutMs)) {
      timers.push(
        setTimeout(() => {
          // A run that already exited beat the clock, even if a descendant still holds its pipes.
          if (settled || aborted || exit) return;
          timedOut = true;
          terminate();
        }, timeoutMs),
      );
    }
    if (options.signal) {
      if (options.signal.aborted) onAbort();
      else options.signal.addEventListener("abort", onAbort, { once: true });
    }

    if (options.input !== undefined) child.stdin?.end(options.input, "utf8");
  });
}
