// The per-user server started by the first call that finds none (issue 38): detached, its own session, idle exit.
// The call that starts it answers in its own process as before; the calls after it are forwarded.
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, statSync, truncateSync } from "node:fs";
import path from "node:path";
import { SERVER_WRITES_CODE_CACHE } from "../hook-path-run.js";
import { packageRoot } from "../package-root.js";
import { stateRoot } from "../state-root.js";
import { startLockFile } from "./runtime-files.js";
import { serverSetting } from "./server-setting.js";

/** The server's own log (what it printed on stderr): kept small, read by `hookwire status`. */
export const serverLogFile = (): string => path.join(stateRoot(), "serve.log");
const MAX_LOG_BYTES = 256 * 1024;

/** A lock younger than this is a server starting or running (proper-lockfile refreshes it every 5 s). */
const LOCK_FRESH_MS = 15_000;

function lockHeld(): boolean {
  try {
    return Date.now() - statSync(startLockFile()).mtimeMs < LOCK_FRESH_MS;
  } catch {
    return false;
  }
}

/**
 * Starts `hookwire serve --background` unless the user turned it off (`HOOKWIRE_SERVER=off`, or `"server": "off"` in
 * the user's config) or one is running or starting (its lock is fresh). Two calls at once may both start one: the
 * second finds the lock taken and exits at once.
 */
export function startServerInBackground(
  cli = path.join(packageRoot(import.meta.url, "hookwire"), "bin", "hookwire.js"),
  /** More of `hookwire serve`'s options (`--port` for the http hooks). */
  options: readonly string[] = [],
): boolean {
  if (serverSetting() === "off" || lockHeld()) return false;
  let log: number | "ignore" = "ignore";
  try {
    const file = serverLogFile();
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      if (statSync(file).size > MAX_LOG_BYTES) truncateSync(file, 0);
    } catch {}
    log = openSync(file, "a", 0o600);
  } catch {}
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
    // The server writes the hook path's code cache as it starts; this call need not (hook-path-run.ts).
    (globalThis as { [SERVER_WRITES_CODE_CACHE]?: boolean })[SERVER_WRITES_CODE_CACHE] = true;
    return true;
  } catch {
    return false;
  } finally {
    if (typeof log === "number") closeSync(log);
  }
}
