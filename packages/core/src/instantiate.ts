// Runs a hook factory against a fresh HookAPI and records what it registered.
import path from "node:path";
import type {
  HookAPI,
  HookFactory,
  HookHandler,
  MessageRenderer,
  RegisteredCommand,
  RegisteredFlag,
  RegisteredShortcut,
} from "./api.js";
import type { HookContext } from "./context.js";
import { DEFAULT_LOAD_TIMEOUT_MS, withDeadline } from "./deadline.js";
import { HookError, HookwireError, isHookError, loadTimeoutError, typeName } from "./errors.js";
import { createEventBus, type HookEventBus } from "./event-bus.js";
import { didYouMean, HOOK_EVENT_NAMES, isHookEventName } from "./event-names.js";
import { exec } from "./exec.js";
import { holdExits } from "./exit-guard.js";
import type { CallHost } from "./host.js";
import {
  HOST_ACTIONS,
  type HostActionMethods,
  type HostActionName,
  type HostActions,
} from "./host-actions.js";
import type { HookMessage, SendMessageOptions } from "./messages.js";
import { createRegistrations, type RegistrationHost, registrationError } from "./registrations.js";
import type { ToolDefinition } from "./tool.js";

// biome-ignore lint/suspicious/noExplicitAny: the runner stores handlers of every event in one map.
export type AnyHookHandler = HookHandler<any>;

/** The host actions behind `pi.sendMessage` and `pi.appendEntry`, installed by `runner.initialize`. */
export interface HookActions extends RegistrationHost {
  sendMessage(message: HookMessage, options: SendMessageOptions | undefined, hookPath: string): void;
  appendEntry(customType: string, data: unknown, hookPath: string): void;
  /** The extension actions (`pi.setModel`, …) the host provided; a missing one fails when called. */
  host?: Partial<HostActions>;
  /**
   * The host of the call this code runs for (`CallContext.host`), if any: its members win over the ones above,
   * so a hook's action made inside a call, or from a promise or timer started there, reaches that call.
   */
  call?(): CallHost | undefined;
}

/**
 * Where a hook came from, the one vocabulary of every package: the user's folders, the project's (shared and
 * `local`), a plugin's, the machine's (`system`), or given by the host in its options (`explicit`).
 */
export type HookScope = "user" | "project" | "local" | "plugin" | "system" | "explicit";

/** Where a hook came from, for listings and diagnostics. */
export interface HookSource {
  kind: "module" | "settings" | "script" | "inline";
  provider?: string;
  level?: HookScope;
  /** A settings file, for settings hooks. */
  file?: string;
}

export interface LoadedHook {
  /** The path as configured or discovered; names the hook in errors and traces. */
  readonly path: string;
  readonly resolvedPath: string;
  readonly source: HookSource;
  /** Keyed by event name; names outside the native map are kept too (they run when a host emits them). */
  readonly handlers: ReadonlyMap<string, readonly AnyHookHandler[]>;
  readonly commands: ReadonlyMap<string, RegisteredCommand>;
  readonly messageRenderers: ReadonlyMap<string, MessageRenderer>;
  readonly tools: ReadonlyMap<string, ToolDefinition<unknown, HookContext>>;
  readonly flags: ReadonlyMap<string, RegisteredFlag>;
  readonly shortcuts: ReadonlyMap<string, RegisteredShortcut>;
  /** Providers registered with `pi.registerProvider` (name → config), for the host to apply. */
  readonly providers: ReadonlyMap<string, unknown>;
  /** Non-fatal findings of the load, such as `HOOK_UNKNOWN_EVENT` (one per unknown event name). */
  readonly warnings: readonly HookwireError[];
  /** Installed by `runner.initialize`; before that, sendMessage/appendEntry throw. */
  setActions(actions: HookActions | undefined): void;
  /** Installed by the runner's constructor; without one, `pi.reportError` throws the error. */
  setErrorReporter(report: ((error: HookError) => void) | undefined): void;
  /** Called with the event name whenever a handler is added or removed after load. */
  subscribe(listener: (event: string) => void): () => void;
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
  /** The `pi.events` bus; hooks loaded together share one. Default: a bus of this hook's own. */
  eventBus?: HookEventBus;
}

const COMMAND_NAME = /^[A-Za-z0-9][\w:.-]*$/;

/** Run `factory` with a fresh HookAPI; resolves when the factory (sync or async) has finished. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the HookAPI object a hook module receives: its members close over the one hook's registries, so the object is written in one place.
export async function instantiateHook(
  factory: HookFactory,
  options: InstantiateOptions,
): Promise<LoadedHook> {
  const hookPath = options.path;
  const handlers = new Map<string, AnyHookHandler[]>();
  const commands = new Map<string, RegisteredCommand>();
  const messageRenderers = new Map<string, MessageRenderer>();
  const listeners = new Set<(event: string) => void>();
  const warnings: HookwireError[] = [];
  let actions: HookActions | undefined;
  let reportError: ((error: HookError) => void) | undefined;

  const notInitialized = (method: string) =>
    new HookwireError(
      "HOOK_NOT_INITIALIZED",
      `Hook \`${hookPath}\` called pi.${method}() before the host initialized the runner. ` +
        "Hosts must call runner.initialize({ sendMessageHandler, appendEntryHandler, … }) before emitting events.",
    );

  const registrations = createRegistrations(hookPath, () => actions);
  const bus = options.eventBus ?? createEventBus();
  const unavailable = (method: HostActionName) =>
    new HookwireError(
      "HOOK_ACTION_UNAVAILABLE",
      `Hook \`${hookPath}\` called pi.${method}(), but the host did not provide it. ` +
        `Hosts that support it pass ${method} to runner.initialize({ …, ${method} }).`,
    );
  // Each host action delegates to the host callback of the same name (the table in host-actions.ts).
  const delegate = <K extends HostActionName>(method: K) =>
    ((...args: unknown[]) => {
      const action = (actions?.call?.()?.[method] ?? actions?.host?.[method]) as
        | ((...a: unknown[]) => unknown)
        | undefined;
      if (!action) {
        const error = actions ? unavailable(method) : notInitialized(method);
        if (HOST_ACTIONS[method] === "async") return Promise.reject(error);
        throw error;
      }
      return action(...args, hookPath);
    }) as unknown as HostActionMethods[K];
  const extension = registrations.api;

  // Listed member by member rather than spread: an object literal with spreads is several times slower
  // to build, and a hook is instantiated once per load (and per property-test run).
  const api: HookAPI = {
    sendUserMessage: delegate("sendUserMessage"),
    setSessionName: delegate("setSessionName"),
    getSessionName: delegate("getSessionName"),
    setLabel: delegate("setLabel"),
    getActiveTools: delegate("getActiveTools"),
    getAllTools: delegate("getAllTools"),
    setActiveTools: delegate("setActiveTools"),
    getCommands: delegate("getCommands"),
    setModel: delegate("setModel"),
    getThinkingLevel: delegate("getThinkingLevel"),
    setThinkingLevel: delegate("setThinkingLevel"),
    registerTool: extension.registerTool,
    registerFlag: extension.registerFlag,
    getFlag: extension.getFlag,
    registerShortcut: extension.registerShortcut,
    registerProvider: extension.registerProvider,
    unregisterProvider: extension.unregisterProvider,
    events: {
      emit: (channel, data) => bus.emit(channel, data),
      on: (channel, handler) =>
        bus.on(channel, handler, (error) =>
          reportError?.(new HookError({ hookPath, event: `events:${channel}`, cause: error })),
        ),
    },
    on(event, handler) {
      if (typeof event !== "string" || (event as string) === "") {
        throw registrationError(
          hookPath,
          `pi.on() expects an event name, got ${JSON.stringify(event) ?? typeName(event)}.`,
        );
      }
      if (!isHookEventName(event) && !handlers.has(event)) {
        // Modules written for newer hosts must still load: the handler runs if the host emits the name.
        const hint = didYouMean(event, HOOK_EVENT_NAMES);
        warnings.push(
          new HookwireError(
            "HOOK_UNKNOWN_EVENT",
            `Hook \`${hookPath}\`: pi.on() subscribed to ${JSON.stringify(event)}, which hookwire does not emit.` +
              `${hint ? ` Did you mean "${hint}"?` : ""} The handler runs only if the host emits that event.`,
          ),
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
      const send = actions.call?.()?.sendMessageHandler ?? actions.sendMessage;
      send(message as HookMessage, options, hookPath);
    },
    appendEntry(customType, data) {
      if (!actions) throw notInitialized("appendEntry");
      const append = actions.call?.()?.appendEntryHandler ?? actions.appendEntry;
      append(customType, data, hookPath);
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
  // A factory's process.exit fails its load instead of ending the host.
  const resolved = options.resolvedPath;
  const release = resolved ? holdExits(new Map([[resolved, hookPath]])) : () => {};
  try {
    await withDeadline(() => factory(api), { ms, timeout: () => loadTimeoutError(hookPath, ms) });
  } finally {
    release();
  }

  return {
    path: hookPath,
    resolvedPath: options.resolvedPath ?? path.resolve(options.cwd, hookPath),
    source: options.source ?? { kind: "inline" },
    handlers,
    commands,
    messageRenderers,
    tools: registrations.tools,
    flags: registrations.flags,
    shortcuts: registrations.shortcuts,
    providers: registrations.providers,
    warnings,
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
