// The HookAPI a hook module's factory receives, and the shapes it registers.
import type { HookCommandContext, HookContext, HookTheme } from "./context.js";
import type { HookEvent, HookEventName, HookEventResult } from "./events.js";
import type { ExecOptions, ExecResult } from "./exec.js";
import type { CustomMessage, HookMessage, SendMessageOptions } from "./messages.js";

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

export interface HookAPI {
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
}

/** A hook module's default export. */
export type HookFactory = (pi: HookAPI) => void | Promise<void>;
