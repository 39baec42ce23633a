// A runner for one CLI run that keeps what the hooks did along the way: messages, per-handler traces, errors.
import type { HookRunner, HookUIContext } from "@hookwire/core";
import { openProject } from "@hookwire/project";
import type { DebugLog } from "./debug-print.js";
import type { Output } from "./output.js";
import { cliSessionEnv, configuredHooks, discoverOptions, type Project, resolveProject } from "./project.js";
import { settingsRow, type TraceRow, traceRow } from "./trace-print.js";

export interface HookMessage {
  hookPath: string;
  customType: string;
  content: unknown;
}

export interface ObservedRunner {
  runner: HookRunner;
  messages: HookMessage[];
  rows: TraceRow[];
  errors: string[];
}

/** A UI for the run (the scripted replies of `--answer`, `--select`, `--input-text`). */
export interface RunnerUI {
  ui: Partial<HookUIContext>;
  hasUI: boolean;
}

export interface ObservedProject extends ObservedRunner {
  project: Project;
}

/**
 * Load the project and a runner over it that keeps what happened. Settings handlers report their
 * own runs, so the trace names each one (file#JSON path), not only the settings file.
 */
export async function observeProject(
  cwd: string | undefined,
  hooks: readonly string[],
  handlerTimeout: number,
  debug?: (cwd: string) => DebugLog,
  ui?: RunnerUI,
): Promise<ObservedProject> {
  const rows: TraceRow[] = [];
  const found = resolveProject(cwd);
  const log = debug?.(found.root);
  const sessionEnv = cliSessionEnv(found.root);
  // Opened as every host opens a project; the command line's hooks added, the CLI session's environment kept.
  const opened = await openProject({
    cwd: found.root,
    root: found.root,
    configured: configuredHooks(found, hooks),
    discover: discoverOptions({
      onHandlerRun: (run) => {
        rows.push(settingsRow(run));
        log?.run(run);
      },
      ...(log ? { debug: true, onHandlerSkipped: (skip) => log.skip(skip) } : {}),
      sessionEnv,
    }),
    runner: { handlerTimeout },
  });
  const project: Project = { cwd: found.root, found, result: opened.loaded, sessionEnv };
  const observed = observeRunner(opened.runner, rows, ui);
  log?.watch(observed.runner, project.result.hooks);
  return { project, ...observed };
}

/** There is no session to send messages to, so they, every trace and every handler error are kept to print. */
function observeRunner(runner: HookRunner, rows: TraceRow[], ui?: RunnerUI): ObservedRunner {
  const messages: HookMessage[] = [];
  runner.initialize({
    ...(ui ? { uiContext: ui.ui, hasUI: ui.hasUI } : {}),
    sendMessageHandler: (message, _options, hookPath) => messages.push({ hookPath, ...message }),
    appendEntryHandler: () => {},
  });
  runner.onTrace((trace) => rows.push(traceRow(trace)));
  const errors: string[] = [];
  runner.onError((error) => errors.push(error.message));
  // The CLI is a host too: a hook's stray async throw is printed as its error, not a crash.
  runner.guardProcess();
  return { runner, messages, rows, errors };
}

export function printMessages(out: Output, messages: readonly HookMessage[]) {
  for (const message of messages) {
    const text = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
    out.line(`message from ${message.hookPath} (${message.customType}): ${text}`);
  }
}
