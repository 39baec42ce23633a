// HookRunner: dispatches events to loaded hooks by the combination policy of each event.
import type { MessageRenderer, RegisteredCommand } from "./api.js";
import type {
  HookCommandContext,
  HookContext,
  HookUIContext,
  ModelInfo,
  NewSessionOptions,
  ReadonlySessionManager,
} from "./context.js";
import { DEFAULT_HANDLER_TIMEOUT_MS } from "./deadline.js";
import { type CompiledDispatch, compileDispatch, type HookTrace } from "./dispatch.js";
import type { HookError } from "./errors.js";
import type {
  AnyHookEvent,
  BeforeAgentStartEventResult,
  HookEmitOutcome,
  HookEventName,
  ToolCallEvent,
  ToolCallOutcome,
} from "./events.js";
import { guardProcess } from "./guard.js";
import type { HookActions, LoadedHook } from "./instantiate.js";
import type { AgentMessage, HookMessage, ImageContent, SendMessageOptions } from "./messages.js";
import { policyFor } from "./policies/table.js";
import { countDialogs, type DialogCounter } from "./ui-dialogs.js";
import { createNoOpUIContext } from "./ui-noop.js";

export interface HookRunnerOptions {
  cwd: string;
  sessionManager?: ReadonlySessionManager;
  modelRegistry?: unknown;
  /**
   * Milliseconds a handler may take to settle before it counts as failed (`HOOK_TIMEOUT`; for
   * tool_call the call is blocked). Default `DEFAULT_HANDLER_TIMEOUT_MS` (60 s); 0 = no limit. The
   * clock does not expire while a `ctx.ui` dialog is open.
   */
  handlerTimeout?: number;
}

type Cancelled = Promise<{ cancelled: boolean }>;

/** The host's side of the runner; everything but the persistence handlers is optional. */
export interface HookRunnerInit {
  getModel?: () => ModelInfo | undefined;
  sendMessageHandler: (
    message: HookMessage,
    options: SendMessageOptions | undefined,
    hookPath: string,
  ) => void;
  appendEntryHandler: (customType: string, data: unknown, hookPath: string) => void;
  newSessionHandler?: (options?: NewSessionOptions) => Cancelled;
  branchHandler?: (entryId: string) => Cancelled;
  navigateTreeHandler?: (targetId: string, options?: { summarize?: boolean }) => Cancelled;
  isIdle?: () => boolean;
  waitForIdle?: () => Promise<void>;
  abort?: () => void;
  hasQueuedMessages?: () => boolean;
  uiContext?: HookUIContext;
  hasUI?: boolean;
}

const notCancelled = async () => ({ cancelled: false });

const emptySession: ReadonlySessionManager = {
  getEntries: () => [],
  getBranch: () => [],
  getLeafEntry: () => undefined,
  getSessionFile: () => undefined,
};

export class HookRunner {
  readonly hooks: readonly LoadedHook[];
  readonly #options: HookRunnerOptions;
  readonly #compiled = new Map<HookEventName, CompiledDispatch>();
  /** hasHandlers answers from here on hot paths; cleared with the compiled dispatchers. */
  readonly #has = new Map<HookEventName, boolean>();
  #handlersVersion = 0;
  readonly #detach: Array<() => void> = [];
  readonly #errorListeners = new Set<(error: HookError) => void>();
  readonly #traceListeners = new Set<(trace: HookTrace) => void>();
  #init: HookRunnerInit | undefined;
  readonly #dialogs: DialogCounter = { open: 0 };
  #context: HookContext;
  readonly #report = (error: HookError) => {
    for (const listener of this.#errorListeners) listener(error);
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
  hasHandlers(event: HookEventName): boolean {
    let has = this.#has.get(event);
    if (has === undefined) {
      has = this.hooks.some((hook) => (hook.handlers.get(event)?.length ?? 0) > 0);
      this.#has.set(event, has);
    }
    return has;
  }

  /** Run an event's handlers and combine their results by the event's policy. */
  emit<E extends AnyHookEvent>(event: E): Promise<HookEmitOutcome<E["type"]>> {
    return this.#dispatch(event.type).run(event, this.#context) as Promise<HookEmitOutcome<E["type"]>>;
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
  ): Promise<BeforeAgentStartEventResult | undefined> {
    return this.emit({ type: "before_agent_start", prompt, images });
  }

  /** The first hook (in load order) that registered the command. */
  getCommand(name: string): RegisteredCommand | undefined {
    const key = name.replace(/^\//, "");
    for (const hook of this.hooks) {
      const command = hook.commands.get(key);
      if (command) return command;
    }
    return undefined;
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

  /** The handler context; the same object for every emit until `initialize` runs again. */
  createContext(): HookContext {
    return this.#context;
  }

  createCommandContext(): HookCommandContext {
    const init = this.#init;
    // Assigned onto a fresh context, not spread from it: `model` stays a live getter.
    return Object.assign(this.#createContext(), {
      waitForIdle: init?.waitForIdle ?? (async () => {}),
      newSession: init?.newSessionHandler ?? notCancelled,
      branch: init?.branchHandler ?? notCancelled,
      navigateTree: init?.navigateTreeHandler ?? notCancelled,
    });
  }

  #dispatch(event: HookEventName): CompiledDispatch {
    let compiled = this.#compiled.get(event);
    if (!compiled) {
      compiled = compileDispatch(this.hooks, event, policyFor(event), {
        report: this.#report,
        handlerTimeout: this.#options.handlerTimeout ?? DEFAULT_HANDLER_TIMEOUT_MS,
        paused: () => this.#dialogs.open > 0,
        trace: this.#traceListeners.size > 0 ? this.#trace : undefined,
      });
      this.#compiled.set(event, compiled);
    }
    return compiled;
  }

  #createContext(): HookContext {
    const init = this.#init;
    const options = this.#options;
    return {
      ui: init?.uiContext ? countDialogs(init.uiContext, this.#dialogs) : createNoOpUIContext(),
      hasUI: init?.hasUI ?? false,
      cwd: options.cwd,
      sessionManager: options.sessionManager ?? emptySession,
      modelRegistry: options.modelRegistry,
      get model() {
        return init?.getModel?.();
      },
      isIdle: init?.isIdle ?? (() => true),
      abort: init?.abort ?? (() => {}),
      hasQueuedMessages: init?.hasQueuedMessages ?? (() => false),
    };
  }
}
