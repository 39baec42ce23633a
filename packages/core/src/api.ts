// The HookAPI a hook module's factory receives, and the shapes it registers.
import type { HookCommandContext, HookContext, HookTheme } from "./context.js";
import type { HookEvents } from "./event-bus.js";
import type { HookEvent, HookEventName, HookEventResult } from "./events.js";
import type { ExecOptions, ExecResult } from "./exec.js";
import type { HostActionMethods } from "./host-actions.js";
import type { CustomMessage, HookMessage, SendMessageOptions } from "./messages.js";
import type { ToolDefinition } from "./tool.js";

export type HookHandler<K extends HookEventName> = (
  event: HookEvent<K>,
  ctx: HookContext,
) => HookEventResult<K> | undefined | Promise<HookEventResult<K> | undefined>;

export interface RegisteredCommand {
  name: string;
  description?: string;
  handler: (args: string, ctx: HookCommandContext) => void | Promise<void>;
}

export type MessageRenderer = (
  message: CustomMessage,
  options: { expanded: boolean },
  theme: HookTheme,
) => unknown;

export interface FlagOptions {
  description?: string;
  type: "boolean" | "string";
  default?: boolean | string;
}
export interface RegisteredFlag extends FlagOptions {
  name: string;
  hookPath: string;
}

export interface ShortcutOptions {
  description?: string;
  handler: (ctx: HookContext) => void | Promise<void>;
}
export interface RegisteredShortcut extends ShortcutOptions {
  /** As registered (e.g. `ctrl+shift+p`). */
  shortcut: string;
  hookPath: string;
}

export interface HookAPI extends HostActionMethods {
  /** Subscribe to an event; returns the function that unsubscribes. */
  on<K extends HookEventName>(event: K, handler: HookHandler<K>): () => void;
  /** Persist a custom message through the host (after `runner.initialize`). */
  sendMessage<T = unknown>(message: HookMessage<T>, options?: SendMessageOptions): void;
  /** Persist non-LLM state through the host (after `runner.initialize`). */
  appendEntry<T = unknown>(customType: string, data?: T): void;
  registerCommand(name: string, options: Omit<RegisteredCommand, "name">): void;
  registerMessageRenderer(customType: string, renderer: MessageRenderer): void;
  /**
   * Report a non-fatal failure to the runner's `onError` listeners without throwing (a HookError
   * keeps its own hookPath, anything else is attributed to this hook).
   */
  reportError(error: unknown, event: string): void;
  /** Run a process; never rejects on a non-zero exit. */
  exec(command: string, args: string[], options?: ExecOptions): Promise<ExecResult>;

  /**
   * Offer the model a tool; a later registration of the same name in this hook replaces it. `execute` gets the
   * handler context last when the host runs it through `registeredTools`. Host-specific fields (renderCall,
   * renderResult, promptSnippet…) are kept as they are.
   */
  registerTool<TDetails = unknown>(
    definition: ToolDefinition<TDetails, HookContext> & { [field: string]: unknown },
  ): void;
  /** Declare a command-line flag (`--name`); its value comes from the host (`runner.setFlagValue`). */
  registerFlag(name: string, options: FlagOptions): void;
  /** The flag's value, or `undefined` when this hook did not register it. */
  getFlag(name: string): boolean | string | undefined;
  registerShortcut(shortcut: string, options: ShortcutOptions): void;
  /** Register a model provider with the host; collected until the host connects (pi queues the same way). */
  registerProvider(name: string, config: unknown): void;
  unregisterProvider(name: string): void;
  /** A bus shared by the hooks loaded together. */
  readonly events: HookEvents;
}

/** A hook module's default export. */
export type HookFactory = (pi: HookAPI) => void | Promise<void>;
