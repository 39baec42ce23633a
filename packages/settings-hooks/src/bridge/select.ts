// The bridge's third step: which handlers run (those of bridged events, usable as written), each prepared once.
import { HookError } from "@hookwire/core";
import { displayPath } from "@hookwire/core/internal";
import type { PermissionRule } from "@hookwire/shell-rules";
import { dialectOf, handlerIf, handlerMatcher, handlerRule } from "../compiled.js";
import { findEvent, isBridged } from "../dialect-kit/catalogue.js";
import type { AnyBridgedEvent } from "../dialect-kit/types.js";
import { findExecutor } from "../handlers/executors.js";
import { type PreparedRun, prepareRun } from "../handlers/run-handler.js";
import type { CommandHandlerConfig, SettingsHandler } from "../types.js";
import type { SettingsHooksOptions } from "./options.js";

/** A handler that can run, with what validation compiled for it and how it runs. */
export interface Prepared {
  handler: SettingsHandler;
  hookPath: string;
  spec: AnyBridgedEvent;
  matches: (value: string) => boolean;
  rule?: PermissionRule;
  runner: PreparedRun;
  async: boolean;
}

/** `<file>#<jsonPath>`, the name of one settings handler in errors and attributions. */
export function settingsHookPath(handler: SettingsHandler, cwd: string): string {
  const file = displayPath(handler.file, cwd);
  // Script hooks found in hooks/pre|post folders have no JSON path: the file alone names them.
  return handler.jsonPath ? `${file}#${handler.jsonPath}` : file;
}

/**
 * Handlers that cannot run as configured: a type without an executor, an `if` rule that does not
 * parse or sits on an event without a tool call. The bridge reports these on its first event; loaders
 * and `doctor` can show them at load.
 */
export function settingsHandlerProblems(
  handlers: readonly SettingsHandler[],
  options: Pick<SettingsHooksOptions, "cwd" | "displayCwd" | "executors">,
): HookError[] {
  const problems: HookError[] = [];
  for (const handler of handlers) {
    const hookPath = settingsHookPath(handler, options.displayCwd ?? options.cwd);
    const type = handler.config.type;
    if (type !== "command" && type !== "http" && !findExecutor(type, options.executors)) {
      problems.push(
        new HookError({
          code: "HOOK_HANDLER_UNSUPPORTED",
          hookPath,
          event: handler.event,
          message:
            `"${type}" handlers need an executor from the host and none is registered; the handler will not run. ` +
            `Register one with registerHandlerType("${type}", executor), or remove the handler.`,
        }),
      );
    }
    if (handlerIf(handler) === undefined) continue;
    try {
      handlerRule(handler);
    } catch (cause) {
      problems.push(new HookError({ code: "HOOK_INVALID_RULE", hookPath, event: handler.event, cause }));
      continue;
    }
    const dialect = dialectOf(handler);
    if (!findEvent(dialect, handler.event)?.tool) {
      problems.push(
        new HookError({
          code: "HOOK_INVALID_RULE",
          hookPath,
          event: handler.event,
          message:
            `"if" applies only to tool events; on ${handler.event} ${dialect.label} never runs this handler, and neither does hookwire. ` +
            `Remove "if" to run it.`,
        }),
      );
    }
  }
  return problems;
}

/**
 * The handlers that run, in their order, each with its matcher, `if` rule and runner; and the problems of
 * those that cannot (`settingsHandlerProblems`, and a matcher that does not compile), which the bridge
 * reports on its first event. Handlers of events the dialect does not bridge are left out without a problem.
 */
export function selectHandlers(
  handlers: readonly SettingsHandler[],
  options: SettingsHooksOptions,
  debug = false,
): { prepared: Prepared[]; problems: HookError[] } {
  const problems = settingsHandlerProblems(handlers, options);
  const unusable = new Set(problems.map((p) => p.hookPath));

  const prepared: Prepared[] = [];
  for (const handler of handlers) {
    const spec = findEvent(dialectOf(handler), handler.event);
    if (!spec || !isBridged(spec)) continue;
    const hookPath = settingsHookPath(handler, options.displayCwd ?? options.cwd);
    if (unusable.has(hookPath)) continue;
    let matches: (value: string) => boolean;
    try {
      matches = handlerMatcher(handler);
    } catch (cause) {
      problems.push(new HookError({ code: "HOOK_INVALID_MATCHER", hookPath, event: handler.event, cause }));
      continue;
    }
    const rule = handlerRule(handler);
    prepared.push({
      handler,
      hookPath,
      spec,
      matches,
      ...(rule ? { rule } : {}),
      runner: prepareRun(handler, {
        cwd: options.cwd,
        projectDir: options.projectDir ?? options.cwd,
        outputDir: options.outputDir,
        executors: options.executors,
        envAliases: options.envAliases,
        secretEnv: options.secretEnv,
        beforeCommand: options.beforeCommand,
        debug,
      }),
      async: handler.config.type === "command" && (handler.config as CommandHandlerConfig).async === true,
    });
  }
  return { prepared, problems };
}
