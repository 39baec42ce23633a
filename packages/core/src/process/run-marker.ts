// Tags every process a run starts with an environment marker, and kills what carries it (Linux /proc).
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

/**
 * One run's tag: an environment variable with a unique *name*, so a run started inside another
 * run (a hook that runs a hookwire host) keeps the outer tag and adds its own.
 */
export interface RunMarker {
  readonly name: string;
}

const PREFIX = "HOOKWIRE_RUN_";
/** Rounds of scan-and-kill, for descendants that fork while they are being killed. */
const MAX_ROUNDS = 8;

export function newRunMarker(): RunMarker {
  return { name: `${PREFIX}${randomBytes(6).toString("hex").toUpperCase()}` };
}

/**
 * The environment with the marker added; the base object is the prototype, not copied
 * (`child_process.spawn` reads inherited keys too), so tagging costs nothing per spawn.
 */
export function markedEnv(
  env: Record<string, string | undefined>,
  marker: RunMarker,
): Record<string, string> {
  const marked = Object.create(env) as Record<string, string>;
  marked[marker.name] = "1";
  return marked;
}

function parentOf(entry: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${entry}/stat`, "latin1");
    // "pid (comm) state ppid …"; comm may hold spaces and parentheses, so read after the last ")".
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ", 2)[1]);
  } catch {
    return undefined;
  }
}

/**
 * Pids of the run's live processes: those whose initial environment carries the marker, and the
 * current descendants of `root` (which catches a child that cleared its environment, as long as
 * it has not been re-parented). Empty where there is no `/proc` (macOS, Windows): there, only the
 * process group can be signalled.
 */
export function runPids(marker: RunMarker, root?: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const needle = Buffer.from(`${marker.name}=`);
  const found = new Set<number>();
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    const code = entry.charCodeAt(0);
    if (code < 48 || code > 57) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    if (root !== undefined) {
      const parent = parentOf(entry);
      if (parent !== undefined) {
        const list = children.get(parent);
        if (list) list.push(pid);
        else children.set(parent, [pid]);
      }
    }
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${entry}/environ`);
    } catch {
      // Gone already, or another user's process: it cannot carry our marker.
      continue;
    }
    const at = environ.indexOf(needle);
    if (at === 0 || (at > 0 && environ[at - 1] === 0)) found.add(pid);
  }
  if (root !== undefined) {
    const visited = new Set([root]);
    const queue = [root];
    for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
      for (const child of children.get(pid) ?? []) {
        if (visited.has(child)) continue;
        visited.add(child);
        found.add(child);
        queue.push(child);
      }
    }
  }
  return [...found];
}

/**
 * Signal every process of the run, whatever process group or session it moved to. SIGKILL is
 * repeated while the scan still finds some (a descendant forking while it is killed); other
 * signals are sent once. Returns how many processes were signalled.
 */
export function killRunPids(marker: RunMarker, signal: NodeJS.Signals, root?: number): number {
  const signalled = new Set<number>();
  const rounds = signal === "SIGKILL" ? MAX_ROUNDS : 1;
  for (let round = 0; round < rounds; round++) {
    const pids = runPids(marker, root);
    if (pids.length === 0) break;
    for (const pid of pids) {
      signalled.add(pid);
      try {
        process.kill(pid, signal);
      } catch {
        // Exited between the scan and the signal.
      }
    }
  }
  return signalled.size;
}
