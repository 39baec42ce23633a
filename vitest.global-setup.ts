// Gives every test run its own temporary folder (TMPDIR, and XDG_CACHE_HOME for the transcripts, CLAUDE_ENV_FILE
// files, saved hook output and module cache) for the workers and what they spawn, and removes it at the end.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export default function setup(): () => void {
  // Each vitest project runs this; the run's projects share one folder (a second one nested in the first made paths
  // long enough to pass a socket's limit).
  if (process.env.HOOKWIRE_TEST_RUN_PID === String(process.pid) && process.env.HOOKWIRE_TEST_RUN)
    return () => {};
  const dir = mkdtempSync(path.join(tmpdir(), "hookwire-test-run-"));
  process.env.HOOKWIRE_TEST_RUN_PID = String(process.pid);
  process.env.TMPDIR = dir;
  // Nothing a test writes through the default per-user folders lands in the user's real ~/.cache.
  process.env.XDG_CACHE_HOME = path.join(dir, "xdg-cache");
  // scripts/ensure-built.ts builds the packages once per run and records it here.
  process.env.HOOKWIRE_TEST_RUN = dir;
  // A `hookwire hook` call starts this user's server in the background when none runs: a test that means to start
  // one says so (HOOKWIRE_SERVER unset, its own HOME); the others must not leave servers behind them. Nor share the
  // runtime folder of the user running the tests.
  process.env.HOOKWIRE_SERVER = "off";
  delete process.env.XDG_RUNTIME_DIR;
  return () => rmSync(dir, { recursive: true, force: true });
}
