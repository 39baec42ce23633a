// Loads example hook modules and runs them through a real HookRunner with a host-supplied UI.
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  createNoOpUIContext,
  HookRunner,
  type HookRunnerInit,
  type HookUIContext,
  type LoadedHook,
  type ReadonlySessionManager,
} from "@hookwire/core";
import { loadHooks } from "@hookwire/loader";

export const exampleRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Load `hooks/<name>.ts` the way a host does: through the loader (jiti), not a test-only import. */
export async function loadExample(name: string, cwd = exampleRoot): Promise<LoadedHook> {
  const file = path.join(exampleRoot, "hooks", `${name}.ts`);
  const { hooks, errors } = await loadHooks([file], cwd);
  if (errors[0]) throw errors[0].error;
  return hooks[0]!;
}

/** A UI that answers confirm() from a queue and records every question and notification. */
export function scriptedUI(confirmAnswers: boolean[] = []) {
  const asked: string[] = [];
  const notified: string[] = [];
  const status = new Map<string, string | undefined>();
  const ui: HookUIContext = {
    ...createNoOpUIContext(),
    confirm: async (title, message) => {
      asked.push(`${title}: ${message}`);
      return confirmAnswers.shift() ?? false;
    },
    notify: (message, type = "info") => {
      notified.push(`${type}: ${message}`);
    },
    setStatus: (key, text) => {
      status.set(key, text);
    },
  };
  return { ui, asked, notified, status };
}

export interface RunnerSetup extends Partial<HookRunnerInit> {
  cwd?: string;
  sessionManager?: ReadonlySessionManager;
}

export function createRunner(hooks: LoadedHook[], setup: RunnerSetup = {}): HookRunner {
  const { cwd = exampleRoot, sessionManager, ...init } = setup;
  const runner = new HookRunner(hooks, { cwd, sessionManager });
  runner.initialize({
    sendMessageHandler: () => {},
    appendEntryHandler: () => {},
    ...init,
  });
  return runner;
}
