// Loads example hook modules and runs them through a real HookRunner with a host-supplied UI.
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  createNoOpUIContext,
  HookRunner,
  type HookRunnerInit,
  type HookUIContext,
  instantiateHook,
  type LoadedHook,
  type ReadonlySessionManager,
} from "@hookwire/core";

export const exampleRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function loadExample(name: string, cwd = exampleRoot): Promise<LoadedHook> {
  const file = path.join(exampleRoot, "hooks", `${name}.ts`);
  const mod = (await import(file)) as { default: Parameters<typeof instantiateHook>[0] };
  return instantiateHook(mod.default, {
    path: `hooks/${name}.ts`,
    cwd,
    resolvedPath: file,
    source: { kind: "module", level: "explicit" },
  });
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
