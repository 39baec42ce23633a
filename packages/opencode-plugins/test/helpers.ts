// What the tests share: a real temporary folder, paths made independent of where they ran, a runner with no session.
import { mkdtemp, realpath } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { HookRunner, type LoadedHook } from "@hookwire/core";

/** A fresh, real (symlink-free) temporary directory. */
export async function tempDir(prefix: string): Promise<string> {
  return realpath(await mkdtemp(path.join(os.tmpdir(), prefix)));
}

/** Replace `dir` (and its file URL form) with `placeholder` in any text. */
export function normalise(text: string, dir: string, placeholder: string): string {
  const clean = dir.replace(/[\\/]+$/, "");
  return text.split(`file://${clean}`).join(placeholder).split(clean).join(placeholder);
}

/** Messages and session entries the hooks send go nowhere. */
export function sessionlessRunner(hooks: readonly LoadedHook[], cwd: string): HookRunner {
  const runner = new HookRunner(hooks, { cwd });
  runner.initialize({ sendMessageHandler: () => {}, appendEntryHandler: () => {} });
  return runner;
}
