// Runs a hook factory against a fresh HookAPI and records what it registered.
import path from "node:path";
import type { HookAPI, HookFactory, HookHandler, MessageRenderer, RegisteredCommand } from "./api.js";
import { DEFAULT_LOAD_TIMEOUT_MS, withDeadline } from "./deadline.js";
import { HookError, HookwireError, isHookError, loadTimeoutError, typeName } from "./errors.js";
import { didYouMean, HOOK_EVENT_NAMES, isHookEventName } from "./event-names.js";
import type { HookEventName } from "./events.js";
import { exec } from "./exec.js";
import type { HookMessage, SendMessageOptions } from "./messages.js";

// biome-ignore lint/suspicious/noExplicitAny: the runner stores handlers of every event in one map.
export type AnyHookHandler = HookHandler<any>;

/** The host actions behind `pi.sendMessage` and `pi.appendEntry`, installed by `runner.initialize`. */
export interface HookActions {
  sendMessage(message: HookMessage, options: SendMessageOptions | undefined, hookPath: string): void;
  appendEntry(customType: string, data: unknown, hookPath: string): void;
}

/** Where a hook came from, for listings and diagnostics. */
export interface HookSource {
  kind: "module" | "settings" | "script" | "inline";
  provider?: string;
  level?: "user" | "project" | "local" | "plugin" | "explicit";
  /** A settings file, for settings hooks. */
  file?: string;
}

export interface LoadedHook {
  /** The path as configured or discovered; names the hook in errors and traces. */
  readonly path: string;
  readonly resolvedPath: string;
  readonly source: HookSource;
  readonly handlers: ReadonlyMap<HookEventName, readonly AnyHookHandler[]>;
  readonly commands: ReadonlyMap<string, RegisteredCommand>;
  readonly messageRenderers: ReadonlyMap<string, MessageRenderer>;
  /** Installed by `runner.initialize`; before that, sendMessage/appendEntry throw. */
  setActions(actions: HookActions | undefined): void;
  /** Installed by the runner's constructor; without one, `pi.reportError` throws the error. */
  setErrorReporter(report: ((error: HookError) => void) | undefined): void;
  /** Called with the event name whenever a handler is added or removed after load. */
  subscribe(listener: (event: HookEventName) => void): () => void;
}

export interface InstantiateOptions {
  path: string;
  cwd: string;
  resolvedPath?: string;
  source?: HookSource;
  /**
   * Milliseconds the factory may take to settle; after it, loading fails with `HOOK_LOAD_TIMEOUT`.
   * Default `DEFAULT_LOAD_TIMEOUT_MS` (10 s); 0 = no limit.
   */
  loadTimeout?: number;
}

const COMMAND_NAME = /^[A-Za-z0-9][\w:.-]*$/;

function registrationError(hookPath: string, message: string): HookwireError {
  return new HookwireError("HOOK_INVALID_REGISTRATION", `Hook \`${hookPath}\`: ${message}`);
}

/** Run `factory` with a fresh HookAPI; resolves when the factory (sync or async) has finished. */
export async function instantiateHook(
  factory: HookFactory,
  options: InstantiateOptions,
): Promise<LoadedHook> {
  const hookPath = options.path;
  const handlers = new Map<HookEventName, AnyHookHandler[]>();
  const commands = new Map<string, RegisteredCommand>();
  const messageRenderers = new Map<string, MessageRenderer>();
  const listeners = new Set<(event: HookEventName) => void>();
  let actions: HookActions | undefined;
  let reportError: ((error: HookError) => void) | undefined;

  const notInitialized = (method: string) =>
    new HookwireError(
      "HOOK_NOT_INITIALIZED",
      `Hook \`${hookPath}\` called pi.${method}() before the host initialized the runner. ` +
        "Hosts must call runner.initialize({ sendMessageHandler, appendEntryHandler, … }) before emitting events.",
    );

  const api: HookAPI = {
    on(event, handler) {
      if (!isHookEventName(event)) {
        const hint = typeof event === "string" ? didYouMean(event, HOOK_EVENT_NAMES) : undefined;
        throw registrationError(
          hookPath,
          `pi.on() got unknown event ${JSON.stringify(event)}.${hint ? ` Did you mean "${hint}"?` : ""} ` +
            `Known events: ${HOOK_EVENT_NAMES.join(", ")}.`,
        );
      }
      if (typeof handler !== "function") {
        throw registrationError(
          hookPath,
          `pi.on("${event}", handler) expects a function, got ${typeName(handler)}.`,
        );
      }
      const list = handlers.get(event) ?? [];
      // A fresh array per change: a dispatch already under way keeps the list it started with.
      handlers.set(event, [...list, handler as AnyHookHandler]);
      for (const listener of listeners) listener(event);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const current = handlers.get(event) ?? [];
        handlers.set(
          event,
          current.filter((h) => h !== handler),
        );
        for (const listener of listeners) listener(event);
      };
    },
    sendMessage(message, options) {
      if (!actions) throw notInitialized("sendMessage");
      actions.sendMessage(message as HookMessage, options, hookPath);
    },
    appendEntry(customType, data) {
      if (!actions) throw notInitialized("appendEntry");
      actions.appendEntry(customType, data, hookPath);
    },
    registerCommand(name, command) {
      const clean = typeof name === "string" ? name.replace(/^\//, "") : name;
      if (typeof clean !== "string" || !COMMAND_NAME.test(clean)) {
        throw registrationError(
          hookPath,
          `pi.registerCommand() expects a name of letters, digits, "_", "-", ":" or "." (e.g. "handoff"), got ${JSON.stringify(name)}.`,
        );
      }
      if (typeof command?.handler !== "function") {
        throw registrationError(hookPath, `pi.registerCommand("${clean}") expects { handler: function }.`);
      }
      if (commands.has(clean)) {
        throw registrationError(
          hookPath,
          `pi.registerCommand("${clean}") was called twice; register each command once.`,
        );
      }
      commands.set(clean, { name: clean, description: command.description, handler: command.handler });
    },
    registerMessageRenderer(customType, renderer) {
      if (typeof customType !== "string" || customType === "") {
        throw registrationError(
          hookPath,
          "pi.registerMessageRenderer() expects a non-empty customType string.",
        );
      }
      if (typeof renderer !== "function") {
        throw registrationError(
          hookPath,
          `pi.registerMessageRenderer("${customType}", renderer) expects a function, got ${typeName(renderer)}.`,
        );
      }
      messageRenderers.set(customType, renderer);
    },
    reportError(error, event) {
      const hookError = isHookError(error) ? error : new HookError({ hookPath, event, cause: error });
      if (!reportError) throw hookError;
      reportError(hookError);
    },
    exec: (command, args, execOptions) => exec(command, args, { cwd: options.cwd, ...execOptions }),
  };

  const ms = options.loadTimeout ?? DEFAULT_LOAD_TIMEOUT_MS;
  await withDeadline(() => factory(api), { ms, timeout: () => loadTimeoutError(hookPath, ms) });

  return {
    path: hookPath,
    resolvedPath: options.resolvedPath ?? path.resolve(options.cwd, hookPath),
    source: options.source ?? { kind: "inline" },
    handlers,
    commands,
    messageRenderers,
    setActions(next) {
      actions = next;
    },
    setErrorReporter(next) {
      reportError = next;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
