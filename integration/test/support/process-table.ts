// Reads the real process table to prove a hook left nothing running: by marker argument and by process group.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

export interface ProcessRow {
  pid: number;
  ppid: number;
  pgid: number;
  stat: string;
  args: string;
}

export function processTable(): ProcessRow[] {
  const text = execFileSync("ps", ["-eo", "pid=,ppid=,pgid=,stat=,args="], { encoding: "utf8" });
  return text
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), pgid: Number(m[3]), stat: m[4]!, args: m[5]! }));
}

/** Process groups a fault script recorded (one `$$` per line) in its pid file. */
export function recordedGroups(pidFile: string): number[] {
  try {
    return readFileSync(pidFile, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Every process that carries the marker or belongs to one of the groups. A killed grandchild is
 * re-parented to init and stays a zombie until init reaps it; it runs nothing and only init can
 * reap it, so zombies count only when they are our own children (then we failed to reap them).
 */
export function leftovers(marker: string, groups: readonly number[]): ProcessRow[] {
  return processTable().filter(
    (row) =>
      (row.args.includes(marker) || groups.includes(row.pgid)) &&
      (!row.stat.startsWith("Z") || row.ppid === process.pid),
  );
}

/**
 * Leftovers after giving the kernel a moment to reap what was just killed; an empty list means
 * the hook's whole process group is gone.
 */
export async function leftoversAfterSettle(
  marker: string,
  groups: readonly number[],
  ms = 1000,
): Promise<ProcessRow[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = leftovers(marker, groups);
    if (rows.length === 0 || Date.now() >= deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
