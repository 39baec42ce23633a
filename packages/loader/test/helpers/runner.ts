// A runner over loaded hooks with no session behind it, for tests that emit events at what they loaded.
import { HookRunner, type LoadedHook } from "@hookwire/core";

/** Messages and session entries the hooks send go nowhere. */
export function sessionlessRunner(hooks: readonly LoadedHook[], cwd: string): HookRunner {
  const runner = new HookRunner(hooks, { cwd });
  runner.initialize({ sendMessageHandler: () => {}, appendEntryHandler: () => {} });
  return runner;
}
