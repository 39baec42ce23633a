// The per-user server started by the first call that finds none (issue 38): detached, its own session, idle exit.
// The call that starts it answers in its own process as before; the calls after it are forwarded. Under the shell
// entry (bin/hookwire-hook) the entry starts it once this process has exited; run directly, this process does.
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, statSync, truncateSync } from "node:fs";
import path from "node:path";
import { SERVER_WRITES_CODE_CACHE } from "../hook-path-run.js";
import { packageRoot } from "../package-root.js";
import { stateRoot } from "../state-root.js";
import { askEntryToStart } from "./entry-starter.js";
import { startLockFile } from "./runtime-files.js";
import { serverSetting } from "./server-setting.js";

/** The server's own log (what it printed on stderr): kept small, read by `hookwire status`. */
export const serverLogFile = (): string => path.join(stateRoot(), "serve.log");
const MAX_LOG_BYTES = 256 * 1024;

/** The `hookwire` script of this install, which the server runs from. */
const hookwireScript = (): string =>
  path.join(packageRoot(import.meta.url, "hookwire"), "bin", "hookwire.js");

/** A lock younger than this is a server starting or running (proper-lockfile refreshes it every 5 s). */
const LOCK_FRESH_MS = 15_000;

function lockHeld(): boolean {
  try {
    return Date.now() - statSync(startLockFile()).mtimeMs < LOCK_FRESH_MS;
  } catch {
    return false;
  }
}

/** Whether the server may start now: not turned off, and none running or starting. */
const mayStart = (): boolean => serverSetting() !== "off" && !lockHeld();

/** The server's log, made ready (this user's folder, a file 0600 cut back past MAX_LOG_BYTES) and opened to append. */
function openLog(): number | "ignore" {
  try {
    const file = serverLogFile();
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      if (statSync(file).size > MAX_LOG_BYTES) truncateSync(file, 0);
    } catch {}
    return openSync(file, "a", 0o600);
  } catch {
    return "ignore";
  }
}

/** The call that started the server leaves the hook path's code cache to it (hook-path-run.ts). */
function leaveCodeCacheToServer(): void {
  (globalThis as { [SERVER_WRITES_CODE_CACHE]?: boolean })[SERVER_WRITES_CODE_CACHE] = true;
}

/**
 * After a call that no server answered: the shell entry that ran this process (`entry`, entry-starter.ts's
 * takeEntry) is asked to start the server once this process has exited; without one (the Node entry, run directly),
 * it is started here.
 */
export function startServerAfterCall(entry: number | undefined): boolean {
  if (!mayStart()) return false;
  if (entry !== undefined) {
    // The log made ready as for a server started here; the entry appends the server's stderr to it.
    const log = openLog();
    if (typeof log === "number") closeSync(log);
    if (askEntryToStart()) {
      leaveCodeCacheToServer();
      return true;
    }
  }
  return spawnServer();
}

/**
 * Starts `hookwire serve --background` unless the user turned it off (`HOOKWIRE_SERVER=off`, or `"server": "off"` in
 * the user's config) or one is running or starting (its lock is fresh). Two calls at once may both start one: the
 * second finds the lock taken and exits at once.
 */
export function startServerInBackground(
  cli = hookwireScript(),
  /** More of `hookwire serve`'s options (`--port` for the http hooks). */
  options: readonly string[] = [],
): boolean {
  return mayStart() && spawnServer(cli, options);
}

/** `hookwire serve --background` with `options`, detached, its stderr in the log. */
function spawnServer(cli = hookwireScript(), options: readonly string[] = []): boolean {
  const log = openLog();
  try {
    const child = spawn(process.execPath, [cli, "serve", "--background", ...options], {
      detached: true,
      stdio: ["ignore", "ignore", log],
      // Its token is the user's file's, never a HOOKWIRE_TOKEN of the calling environment: an agent's settings (a
      // repository's) can set that, and would hand whoever wrote it a key to this user's server.
      env: { ...process.env, HOOKWIRE_TOKEN: undefined },
    });
    child.on("error", () => undefined);
    child.unref();
    leaveCodeCacheToServer();
    return true;
  } catch {
    return false;
  } finally {
    if (typeof log === "number") closeSync(log);
  }
}
