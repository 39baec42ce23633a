// Runs one settings handler of any type and answers with a HandlerResult; never rejects.
import { resolve } from "node:path";
import { errorMessage, isHookwireError } from "@hookwire/core";
import { dialectOf } from "../compiled.js";
import { findEvent } from "../dialect-kit/catalogue.js";
import type { Dialect } from "../dialect-kit/types.js";
import { type HandlerResult, type OutputOptions, parseStdout } from "../protocol/output.js";
import type {
  CommandHandlerConfig,
  HostHandlerConfig,
  HttpHandlerConfig,
  SettingsHandler,
} from "../types.js";
import { type CommandSpec, commandSpec, runCommand } from "./command.js";
import {
  type EnvironmentOptions,
  handlerVariables,
  hookEnvironment,
  placeholderValues,
} from "./environment.js";
import { findExecutor, type HandlerInput, type HandlerTypeRegistry } from "./executors.js";
import { runHttpHandler } from "./http.js";
import { blockOnFailure, failureCanBlock } from "./on-failure.js";
import { shownArgv } from "./run-debug.js";

export interface RunHandlerOptions extends EnvironmentOptions {
  cwd: string;
  projectDir: string;
  outputDir?: string;
  executors?: HandlerTypeRegistry;
  signal?: AbortSignal;
  /** Attach each run in full to its result (`HandlerResult.debug`): argv, cwd, stdin, exit code, stdout, stderr. */
  debug?: boolean;
  /** Called before each command handler spawns; a throw stops the spawn and becomes the handler's error (its `code` kept). */
  beforeCommand?: (handler: SettingsHandler) => void | Promise<void>;
}

/** Seconds an event's handlers run by default: its catalogue's `defaultTimeout` (Claude: 600, 30 for UserPromptSubmit, 1.5 for SessionEnd). */
export function defaultTimeoutSeconds(event: string, dialect: Dialect): number {
  return findEvent(dialect, event)?.defaultTimeout ?? 600;
}

export function timeoutMs(handler: SettingsHandler): number {
  const seconds = handler.config.timeout;
  const value =
    typeof seconds === "number" && seconds > 0
      ? seconds
      : defaultTimeoutSeconds(handler.event, dialectOf(handler));
  return value * 1000;
}

/** A prepared handler: what it would run, and the key that makes identical handlers run once. */
export interface PreparedRun {
  key: string;
  /** `extraEnv`: variables for this run only (CLAUDE_ENV_FILE); command handlers only. */
  run(
    input: HandlerInput,
    output: OutputOptions,
    signal?: AbortSignal,
    extraEnv?: Record<string, string>,
  ): Promise<HandlerResult>;
}

/** The handler's run; with `onFailure: "block"`, a failure on an event that can block is a block. */
export function prepareRun(handler: SettingsHandler, options: RunHandlerOptions): PreparedRun {
  const prepared = prepareByType(handler, options);
  if (handler.config.onFailure !== "block") return prepared;
  const canBlock = failureCanBlock(dialectOf(handler), handler.event);
  return {
    // A handler that blocks on failure is not the same handler as one that does not (Claude Code keeps both).
    key: `${prepared.key}+onFailure`,
    run: async (...args) => blockOnFailure(await prepared.run(...args), "block", canBlock),
  };
}

function prepareByType(handler: SettingsHandler, options: RunHandlerOptions): PreparedRun {
  const config = handler.config;
  if (config.type === "command") return prepareCommand(handler, config as CommandHandlerConfig, options);
  if (config.type === "http") {
    const http = config as HttpHandlerConfig;
    const validate = dialectOf(handler).protocol.output;
    return {
      key: JSON.stringify(["http", http.url]),
      run: (input, output, signal) =>
        runHttpHandler(http, JSON.stringify(input), {
          ...output,
          validate,
          debug: options.debug,
          timeoutMs: timeoutMs(handler),
          secretEnv: options.secretEnv,
          env: options.baseEnv,
          signal: signal ?? options.signal,
        }),
    };
  }
  return prepareHost(handler, config as HostHandlerConfig, options);
}

function prepareCommand(
  handler: SettingsHandler,
  config: CommandHandlerConfig,
  options: RunHandlerOptions,
): PreparedRun {
  const { protocol } = dialectOf(handler);
  const values = placeholderValues(handlerVariables(handler, options.projectDir), options);
  const spec: CommandSpec = commandSpec(config, values);
  const ms = timeoutMs(handler);
  // The dialect's own command options (Copilot's `cwd` / `env`, Cursor's working folder per file).
  const fields = handler.fields ?? {};
  const own = protocol.command?.(fields, {
    file: handler.file,
    project: options.projectDir,
    state: undefined,
  });
  const cwd = own?.cwd ? resolve(options.projectDir, own.cwd) : options.cwd;
  // Built once, at the handler's first run: copying the environment on every spawn is measurable on the hot
  // path, and a start that loads handlers which never run (most of them, on most starts) should not pay it.
  let env: Record<string, string> | undefined;
  const environment = () =>
    (env ??= own?.env
      ? { ...hookEnvironment(values, options), ...own.env }
      : hookEnvironment(values, options));
  return {
    // In shell form the placeholders are expanded from the environment, so their values belong to the key.
    key: JSON.stringify(["command", spec.file, spec.args, spec.shellForm ? [...values] : []]),
    async run(input, output, signal, extraEnv) {
      if (options.beforeCommand) {
        try {
          await options.beforeCommand(handler);
        } catch (cause) {
          const code = isHookwireError(cause) ? cause.code : undefined;
          return { status: "error", message: errorMessage(cause), warnings: [], ...(code ? { code } : {}) };
        }
      }
      const stdin = JSON.stringify(input);
      const run = await runCommand(spec, {
        cwd,
        env: extraEnv ? { ...environment(), ...extraEnv } : environment(),
        input: stdin,
        timeoutMs: ms,
        signal: signal ?? options.signal,
        label: output.hookName,
      });
      const result = protocol.exit(run, {
        ...output,
        validate: protocol.output,
        timeoutMs: ms,
        handler: fields,
      });
      if (!options.debug) return result;
      const ran = shownArgv(spec.file, spec.args);
      const { code, signal: killedBy, stdout, stderr } = run;
      return { ...result, debug: { ran, cwd, stdin, exitCode: code, signal: killedBy, stdout, stderr } };
    },
  };
}

function prepareHost(
  handler: SettingsHandler,
  config: HostHandlerConfig,
  options: RunHandlerOptions,
): PreparedRun {
  const ms = timeoutMs(handler);
  const validate = dialectOf(handler).protocol.output;
  return {
    key: JSON.stringify([config.type, config]),
    async run(input, output, signal) {
      const executor = findExecutor(config.type, options.executors);
      if (!executor) {
        return {
          status: "error",
          message: `no executor registered for "${config.type}" handlers`,
          warnings: [],
        };
      }
      const controller = new AbortController();
      const outer = signal ?? options.signal;
      const onAbort = () => controller.abort();
      outer?.addEventListener("abort", onAbort, { once: true });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => {
          controller.abort();
          resolve("timeout");
        }, ms);
      });
      try {
        const answer = await Promise.race([
          Promise.resolve().then(() =>
            executor(config, input, { handler, signal: controller.signal, timeoutMs: ms }),
          ),
          timeout,
        ]);
        if (answer === "timeout") {
          return { status: "error", message: `timed out after ${ms / 1000} s`, warnings: [] };
        }
        if (answer === undefined || answer === null) return { status: "success", output: {}, warnings: [] };
        if (typeof answer === "string") return parseStdout(answer, { ...output, validate });
        if (typeof answer === "object" && !Array.isArray(answer)) {
          return { status: "success", ...validate(answer as Record<string, unknown>, output) };
        }
        return {
          status: "error",
          message: `the "${config.type}" executor returned ${typeof answer}; expected an object, a string or nothing`,
          warnings: [],
        };
      } catch (error) {
        return { status: "error", message: errorMessage(error), warnings: [] };
      } finally {
        clearTimeout(timer);
        outer?.removeEventListener("abort", onAbort);
      }
    },
  };
}
