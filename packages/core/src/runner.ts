// HookRunner: dispatches events to loaded hooks by the combination policy of each event.

import type { MessageRenderer, RegisteredCommand, RegisteredFlag, RegisteredShortcut } from "./api.js";
import { activeCall, type CallScope, callDialogs, callScope, runInCall } from "./call-host.js";
import { withCallState } from "./call-state.js";
import type { HookCommandContext, HookContext, HookUIContext, ReadonlySessionManager } from "./context.js";
import { DEFAULT_HANDLER_TIMEOUT_MS } from "./deadline.js";
import { type CompiledDispatch, compileDispatch, type HookTrace } from "./dispatch.js";
import type { HookError, HookwireError } from "./errors.js";
import type {
  AnyHookEvent,
  BeforeAgentStartOutcome,
  HookEmitOutcome,
  InputEvent,
  InputEventResult,
  ToolCallEvent,
  ToolCallOutcome,
} from "./events.js";
import { holdExits } from "./exit-guard.js";
import { guardProcess, hookFiles } from "./guard.js";
import type { CallContext, CallHost, HookRunnerInit } from "./host.js";
import type { HookActions, LoadedHook } from "./instantiate.js";
import type { AgentMessage, ImageContent } from "./messages.js";
import { policyFor } from "./policies/table.js";
import type { ToolDefinition } from "./tool.js";
import { handlesTool } from "./tool-filter.js";
import { countDialogs, type DialogCounter } from "./ui-dialogs.js";
import { completeUIContext, createNoOpUIContext } from "./ui-noop.js";

export interface HookRunnerOptions {
  cwd: string;
  sessionManager?: ReadonlySessionManager;
  modelRegistry?: unknown;
  /**
   * Milliseconds a handler may take to settle before it counts as failed (`HOOK_TIMEOUT`; for
   * tool_call the call is blocked). Default `DEFAULT_HANDLER_TIMEOUT_MS` (60 s); 0 = no limit. An emit's
   * clock does not expire while a `ctx.ui` dialog of its own call is open (emits given no host count as one).
   */
  handlerTimeout?: number;
}

const notCancelled = async () => ({ cancelled: false });
const yes = () => true;
const no = () => false;
const nothing = (): undefined => undefined;
const noText = () => "";

const emptySession: ReadonlySessionManager = {
  getEntries: () => [],
  getBranch: () => [],
  getLeafEntry: () => undefined,
  getSessionFile: () => undefined,
};

export class HookRunner {
  readonly hooks: readonly LoadedHook[];
  readonly #options: HookRunnerOptions;
  readonly #compiled = new Map<string, CompiledDispatch>();
  /** hasHandlers answers from here on hot paths; cleared with the compiled dispatchers. */
  readonly #has = new Map<string, boolean>();
  readonly #flagValues = new Map<string, boolean | string>();
  #handlersVersion = 0;
  readonly #detach: Array<() => void> = [];
  readonly #errorListeners = new Set<(error: HookError) => void>();
  readonly #traceListeners = new Set<(trace: HookTrace) => void>();
  #init: HookRunnerInit | undefined;
  /** The dialogs opened outside any call with a host (emits without one share the runner's context). */
  readonly #dialogs: DialogCounter = { open: 0 };
  /** The dialogs of this runner's call in `scope`: a call's handler clocks wait for its own only. */
  readonly #callDialogs = (scope: CallScope): DialogCounter => callDialogs(this, scope) ?? this.#dialogs;
  /** Each host UI as handlers see it (completed, dialogs counted), made once per UI object. */
  readonly #uis = new WeakMap<Partial<HookUIContext>, HookUIContext>();
  /** The UI of a runner whose host has none: the no-UI answers, one object for every context. */
  #noUI: HookUIContext | undefined;
  #context: HookContext;
  readonly #report = (error: HookError) => {
    for (const listener of this.#errorListeners) listener(error);
    activeCall(this)?.host?.onError?.(error);
  };
  readonly #trace = (entry: HookTrace) => {
    for (const listener of this.#traceListeners) listener(entry);
  };

  constructor(hooks: readonly LoadedHook[], options: HookRunnerOptions) {
    this.hooks = [...hooks];
    this.#options = options;
    this.#context = this.#createContext();
    // Handlers added or removed after load recompile their event once, on its next emit.
    for (const hook of this.hooks) {
      this.#detach.push(
        hook.subscribe((event) => {
          this.#compiled.delete(event);
          this.#has.clear();
          this.#handlersVersion++;
        }),
      );
      hook.setErrorReporter(this.#report);
    }
    // A hook's process.exit would end the host before the other hooks (the user's guard) decide.
    this.#detach.push(holdExits(hookFiles(this.hooks)));
  }

  /**
   * Stop following the hooks' registrations and drop the listeners, so hooks that outlive this
   * runner (a host that builds a runner per session over the same hooks) do not keep it alive.
   */
  dispose(): void {
    for (const detach of this.#detach.splice(0)) detach();
    this.#errorListeners.clear();
    this.#traceListeners.clear();
    this.#compiled.clear();
    this.#has.clear();
  }

  /**
   * Opt in to the process guard: an uncaught exception or unhandled rejection whose stack points
   * into one of these hooks' modules (a stray `setTimeout` throw, a promise nobody awaited) is
   * reported to `onError` as a `HOOK_UNCAUGHT` HookError of that hook instead of ending the process.
   * Returns the undo; `dispose()` undoes it too.
   */
  guardProcess(): () => void {
    const undo = guardProcess(this.hooks, this.#report);
    this.#detach.push(undo);
    return undo;
  }

  /** Connect the host: persistence, session actions, UI. Call before emitting events. */
  initialize(init: HookRunnerInit): void {
    this.#init = init;
    const actions: HookActions = {
      sendMessage: init.sendMessageHandler,
      appendEntry: init.appendEntryHandler,
      host: init,
      call: () => activeCall(this)?.host,
      flagValue: (name) => this.#flagValues.get(name),
      refreshTools: init.refreshTools,
      registerProvider: init.registerProvider,
      unregisterProvider: init.unregisterProvider,
    };
    for (const hook of this.hooks) hook.setActions(actions);
    this.#context = this.#createContext();
  }

  get hasUI(): boolean {
    return this.#init?.hasUI ?? false;
  }

  /** Listen for handler failures (every event but tool_call); returns the unsubscribe. */
  onError(listener: (error: HookError) => void): () => void {
    this.#errorListeners.add(listener);
    return () => this.#errorListeners.delete(listener);
  }

  /** Listen for every handler run with its result and duration; returns the unsubscribe. */
  onTrace(listener: (trace: HookTrace) => void): () => void {
    this.#traceListeners.add(listener);
    // Instrumented dispatchers are compiled only while someone listens.
    if (this.#traceListeners.size === 1) this.#compiled.clear();
    return () => {
      if (this.#traceListeners.delete(listener) && this.#traceListeners.size === 0) this.#compiled.clear();
    };
  }

  /**
   * Changes whenever a handler is added or removed. Hot paths that call the same check on every
   * call (a tool wrapper) cache `hasHandlers` answers and compare this one number instead.
   */
  get handlersVersion(): number {
    return this.#handlersVersion;
  }

  /** The cheap check for hot paths: does any hook handle this event? */
  hasHandlers(event: string): boolean {
    let has = this.#has.get(event);
    if (has === undefined) {
      has = this.hooks.some((hook) => (hook.handlers.get(event)?.length ?? 0) > 0);
      this.#has.set(event, has);
    }
    return has;
  }

  /**
   * Like `hasHandlers`, for one tool: leaves out handlers marked with `forTools` that do not act on
   * it (the settings bridge marks its handlers with the settings matchers). Cached like `hasHandlers`.
   */
  hasHandlersFor(event: "tool_call" | "tool_result", toolName: string): boolean {
    const key = `${event}\0${toolName}`;
    let has = this.#has.get(key);
    if (has === undefined) {
      has = this.hooks.some(
        (hook) => hook.handlers.get(event)?.some((h) => handlesTool(h, toolName)) ?? false,
      );
      this.#has.set(key, has);
    }
    return has;
  }

  /**
   * Run an event's handlers and combine their results by the event's policy. `call`: what this emit's context
   * says differently (a context of its own for this emit; the runner's is not touched).
   */
  emit<E extends AnyHookEvent>(event: E, call?: CallContext): Promise<HookEmitOutcome<E["type"]>> {
    const dispatch = this.#dispatch(event.type);
    if (call === undefined) return dispatch.run(event, this.#context) as Promise<HookEmitOutcome<E["type"]>>;
    const context = this.#callContext(call);
    if (call.host === undefined) return dispatch.run(event, context) as Promise<HookEmitOutcome<E["type"]>>;
    return runInCall(this, call, () => dispatch.run(event, context)) as Promise<HookEmitOutcome<E["type"]>>;
  }

  /**
   * Runs `fn` (a command's handler, a tool's `execute`) as part of `call`: the hooks' `pi` actions inside it, and
   * in the promises and timers it starts, reach `call.host`.
   */
  withCall<T>(call: CallContext, fn: () => T): T {
    return runInCall(this, call, fn);
  }

  /**
   * The call this code runs for (inside an emit given a host, or `withCall`, or a promise or timer started
   * there), or `undefined` outside any: how a host callback given no context (the settings bridge's
   * `hostSession`) reaches its own call.
   */
  activeCall(): CallContext | undefined {
    return activeCall(this);
  }

  /** tool_call: a handler error rejects (the tool wrapper turns it into a block). */
  emitToolCall(event: Omit<ToolCallEvent, "type">): Promise<ToolCallOutcome> {
    const { toolName, toolCallId, input } = event;
    return this.emit({ type: "tool_call", toolName, toolCallId, input });
  }

  /** The messages for the next LLM call after every context handler. */
  emitContext(messages: AgentMessage[]): Promise<AgentMessage[]> {
    return this.emit({ type: "context", messages });
  }

  emitBeforeAgentStart(
    prompt: string,
    images?: ImageContent[],
    systemPrompt?: string,
  ): Promise<BeforeAgentStartOutcome | undefined> {
    return this.emit({ type: "before_agent_start", prompt, images, systemPrompt });
  }

  /** User input before expansion: transforms chain, the first `handled` wins. */
  emitInput(
    text: string,
    images?: ImageContent[],
    source: InputEvent["source"] = "interactive",
  ): Promise<InputEventResult> {
    return this.emit({ type: "input", text, images, source });
  }

  /** The first hook (in load order) that registered the command, by its exact name (no `/`). */
  getCommand(name: string): RegisteredCommand | undefined {
    for (const hook of this.hooks) {
      const command = hook.commands.get(name);
      if (command) return command;
    }
    return undefined;
  }

  /** Tools modules registered, first registration of each name winning (load order), with the hook that did. */
  getRegisteredTools(): Array<{ definition: ToolDefinition<unknown, HookContext>; hookPath: string }> {
    const byName = new Map<string, { definition: ToolDefinition<unknown, HookContext>; hookPath: string }>();
    for (const hook of this.hooks) {
      for (const definition of hook.tools.values()) {
        if (!byName.has(definition.name)) byName.set(definition.name, { definition, hookPath: hook.path });
      }
    }
    return [...byName.values()];
  }

  getToolDefinition(name: string): ToolDefinition<unknown, HookContext> | undefined {
    for (const hook of this.hooks) {
      const definition = hook.tools.get(name);
      if (definition) return definition;
    }
    return undefined;
  }

  /** Flags modules registered, first registration of each name winning. */
  getFlags(): Map<string, RegisteredFlag> {
    const flags = new Map<string, RegisteredFlag>();
    for (const hook of this.hooks) {
      for (const [name, flag] of hook.flags) if (!flags.has(name)) flags.set(name, flag);
    }
    return flags;
  }

  /** Set a flag's value (the host parsed `--name`); every hook that registered the flag reads it. */
  setFlagValue(name: string, value: boolean | string): void {
    this.#flagValues.set(name, value);
  }

  /** Each registered flag's value: what the host set, else the first registration's default. */
  getFlagValues(): Map<string, boolean | string> {
    const values = new Map<string, boolean | string>();
    for (const [name, flag] of this.getFlags()) {
      const value = this.#flagValues.get(name) ?? flag.default;
      if (value !== undefined) values.set(name, value);
    }
    for (const [name, value] of this.#flagValues) if (!values.has(name)) values.set(name, value);
    return values;
  }

  /** Shortcuts by lower-cased key; as in pi, a later hook's registration of the same key wins. */
  getShortcuts(): Map<string, RegisteredShortcut> {
    const shortcuts = new Map<string, RegisteredShortcut>();
    for (const hook of this.hooks) {
      for (const [key, shortcut] of hook.shortcuts) shortcuts.set(key.toLowerCase(), shortcut);
    }
    return shortcuts;
  }

  /** Providers modules registered (name → config, with the hook), for the host to apply. */
  getRegisteredProviders(): Array<{ name: string; config: unknown; hookPath: string }> {
    return this.hooks.flatMap((hook) =>
      [...hook.providers].map(([name, config]) => ({ name, config, hookPath: hook.path })),
    );
  }

  /** Every hook's load warnings (`HOOK_UNKNOWN_EVENT`, …), in load order. */
  getWarnings(): HookwireError[] {
    return this.hooks.flatMap((hook) => [...(hook.warnings ?? [])]);
  }

  /** Every registered command, in load order, duplicates included. */
  getRegisteredCommands(): Array<RegisteredCommand & { hookPath: string }> {
    return this.hooks.flatMap((hook) =>
      [...hook.commands.values()].map((c) => ({ ...c, hookPath: hook.path })),
    );
  }

  getMessageRenderer(customType: string): MessageRenderer | undefined {
    for (const hook of this.hooks) {
      const renderer = hook.messageRenderers.get(customType);
      if (renderer) return renderer;
    }
    return undefined;
  }

  getHookPaths(): string[] {
    return this.hooks.map((hook) => hook.path);
  }

  /**
   * A handler context of its own (a command, a shortcut, a tool's `execute`): what emits see, `call`'s members
   * over it; changing it changes no other context.
   */
  createContext(call: CallContext = {}): HookContext {
    return this.#callContext(call);
  }

  /** A slash command's context: `call`'s, with the session-changing actions of `call.host` over `initialize`'s. */
  createCommandContext(call: CallContext = {}): HookCommandContext {
    const init = this.#init;
    const host = call.host;
    const branch = host?.branchHandler ?? init?.branchHandler;
    // Assigned onto a fresh context, not spread from it: `model` stays a live getter.
    return Object.assign(this.#callContext(call), {
      waitForIdle: host?.waitForIdle ?? init?.waitForIdle ?? (async () => {}),
      newSession: host?.newSessionHandler ?? init?.newSessionHandler ?? notCancelled,
      branch: branch ?? notCancelled,
      navigateTree: host?.navigateTreeHandler ?? init?.navigateTreeHandler ?? notCancelled,
      fork: host?.forkHandler ?? init?.forkHandler ?? branch ?? notCancelled,
      switchSession: host?.switchSessionHandler ?? init?.switchSessionHandler ?? notCancelled,
      reload: host?.reloadHandler ?? init?.reloadHandler ?? (async () => {}),
    });
  }

  #dispatch(event: string): CompiledDispatch {
    let compiled = this.#compiled.get(event);
    if (!compiled) {
      compiled = compileDispatch(this.hooks, event, policyFor(event), {
        report: this.#report,
        handlerTimeout: this.#options.handlerTimeout ?? DEFAULT_HANDLER_TIMEOUT_MS,
        dialogs: this.#callDialogs,
        trace: this.#traceListeners.size > 0 ? this.#trace : undefined,
      });
      this.#compiled.set(event, compiled);
    }
    return compiled;
  }

  /** A context of its own for `call`: its host's members, then what it says differently; no other context changes. */
  #callContext(call: CallContext): HookContext {
    const context =
      call.host === undefined
        ? Object.create(Object.getPrototypeOf(this.#context), Object.getOwnPropertyDescriptors(this.#context))
        : this.#createContext(call.host);
    if (call.hasUI !== undefined) context.hasUI = call.hasUI;
    if (call.sessionManager !== undefined) context.sessionManager = call.sessionManager;
    if (call.state !== undefined) withCallState(context, call.state);
    return context as HookContext;
  }

  #ui(host: Partial<HookUIContext> | undefined): HookUIContext {
    if (host === undefined) {
      this.#noUI ??= createNoOpUIContext();
      return this.#noUI;
    }
    // Made once per UI object: a host passes the same one call after call, or a new one per call.
    let ui = this.#uis.get(host);
    if (ui === undefined) {
      ui = countDialogs(completeUIContext(host), () => this.#callDialogs(callScope()));
      this.#uis.set(host, ui);
    }
    return ui;
  }

  /**
   * A context of `initialize`'s host with `host`'s members over it (each looked up here, not spread: a call's
   * context is made on every emit).
   */
  #createContext(host?: CallHost): HookContext {
    const init = this.#init;
    const options = this.#options;
    const getModel = host?.getModel ?? init?.getModel;
    const getSignal = host?.getSignal ?? init?.getSignal;
    const hasQueuedMessages = host?.hasQueuedMessages ?? init?.hasQueuedMessages ?? no;
    return {
      ui: this.#ui(host?.uiContext ?? init?.uiContext),
      hasUI: init?.hasUI ?? false,
      cwd: options.cwd,
      sessionManager: options.sessionManager ?? emptySession,
      modelRegistry: options.modelRegistry,
      get model() {
        return getModel?.();
      },
      isIdle: host?.isIdle ?? init?.isIdle ?? yes,
      abort: host?.abort ?? init?.abort ?? nothing,
      hasQueuedMessages,
      hasPendingMessages: hasQueuedMessages,
      get signal() {
        return getSignal?.();
      },
      shutdown: host?.shutdown ?? init?.shutdown ?? nothing,
      getContextUsage: host?.getContextUsage ?? init?.getContextUsage ?? nothing,
      compact: host?.compact ?? init?.compact ?? nothing,
      getSystemPrompt: host?.getSystemPrompt ?? init?.getSystemPrompt ?? noText,
    };
  }
}
