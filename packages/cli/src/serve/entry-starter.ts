// The Node adapter's side of the shell entry's server start (bin/hookwire-hook): the entry passes its pid in
// HOOKWIRE_ENTRY and a pipe on descriptor 3, and starts the server itself once this process has exited, when this
// process writes `start` there — spawning from a process this size held the call ~40 ms.
import { fstatSync, writeSync } from "node:fs";

/** The variable bin/hookwire-hook sets on the Node adapter it runs: its own pid. */
export const ENTRY_VARIABLE = "HOOKWIRE_ENTRY";
/** Where the entry's pipe is (the entry spells it again). */
const ENTRY_FD = 3;

/**
 * The entry's pid from `env`, taken out of it so that nothing this call runs (hooks, their commands, a server)
 * inherits it; `undefined` unless it names this process's parent. Set anywhere else (an agent's settings, a hook's
 * environment), it names no parent of the call, and the call starts the server itself as without it.
 */
export function takeEntry(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const given = env[ENTRY_VARIABLE];
  if (given === undefined) return undefined;
  delete env[ENTRY_VARIABLE];
  const pid = /^[1-9][0-9]{0,9}$/.test(given) ? Number(given) : undefined;
  return pid === process.ppid ? pid : undefined;
}

/** Asks the entry to start the server: whether it was told (a pipe on descriptor 3 that took the line). */
export function askEntryToStart(): boolean {
  try {
    if (!fstatSync(ENTRY_FD).isFIFO()) return false;
    writeSync(ENTRY_FD, "start\n");
    return true;
  } catch {
    // No pipe there, or the entry's end is gone (EPIPE): the caller starts it.
    return false;
  }
}
