// What a host gives the runner: `HookRunnerInit` once for every call (`initialize`), a `CallHost` for one call
// (`emit(event, { host })`), and what else one emit's handlers see differently (`CallContext`).
import type {
  CompactOptions,
  ContextUsage,
  HookContext,
  HookUIContext,
  NewSessionOptions,
} from "./context.js";
import type { HookError } from "./errors.js";
import type { ModelInfo } from "./events.js";
import type { HostActions } from "./host-actions.js";
import type { HookMessage, SendMessageOptions } from "./messages.js";

type Cancelled = Promise<{ cancelled: boolean }>;

/**
 * The host's side of the runner; everything but the persistence handlers is optional. The host actions
 * (`sendUserMessage`, `setModel`, …) come from `HostActions`: each receives the calling hook's path last,
 * and a module calling one the host left out gets `HOOK_ACTION_UNAVAILABLE`.
 */
export interface HookRunnerInit extends Partial<HostActions> {
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
  /** A host UI; members it lacks (setWidget, setTheme, …) answer with the no-UI defaults. */
  uiContext?: Partial<HookUIContext>;
  hasUI?: boolean;
  /** The current run's abort signal (`ctx.signal`). */
  getSignal?: () => AbortSignal | undefined;
  /** `ctx.shutdown()`; without it the call does nothing. */
  shutdown?: () => void;
  /** `ctx.getContextUsage()`; without it `undefined`. */
  getContextUsage?: () => ContextUsage | undefined;
  /** `ctx.compact()`; without it the call does nothing. */
  compact?: (options?: CompactOptions) => void;
  /** `ctx.getSystemPrompt()`; without it `""`. */
  getSystemPrompt?: () => string;
  forkHandler?: (entryId: string, options?: unknown) => Cancelled;
  switchSessionHandler?: (sessionPath: string, options?: unknown) => Cancelled;
  reloadHandler?: () => Promise<void>;
  /** Called when a module registers a tool after this point, so the host can offer it (pi's refreshTools). */
  refreshTools?: () => void;
  /** Applies `pi.registerProvider` calls made after this point; earlier ones are in `getRegisteredProviders()`. */
  registerProvider?: (name: string, config: unknown, hookPath: string) => void;
  unregisterProvider?: (name: string, hookPath: string) => void;
}

/**
 * The host of one call (`CallContext.host`): what `initialize` gives for every call, given for one. What a hook does
 * outside any call with a host (at load, from a timer its factory started) reaches `initialize`'s members, as pi's
 * `pi.sendMessage` outside a handler reaches pi's session. `onError`: this call's hook failures, reported besides
 * the runner's `onError` listeners.
 */
export type CallHost = Partial<
  Omit<HookRunnerInit, "hasUI" | "refreshTools" | "registerProvider" | "unregisterProvider">
> & {
  onError?: (error: HookError) => void;
};

/**
 * What one emit's handlers see differently from the runner's context: whether they may ask (the agent's own
 * question on this event), the session of the call in progress, and the host that answers this call. Given to
 * `emit`, it makes a context for that emit alone; nothing shared is refilled.
 */
export type CallContext = Partial<Pick<HookContext, "hasUI" | "sessionManager">> & {
  /**
   * What the host keeps for this call's session on behalf of hookwire's runtimes, by owner (the settings bridge
   * keeps each dialect's state under its id, changed in place for the host to save). Hooks do not see it.
   */
  state?: Record<string, unknown>;
  /**
   * This call's host: its UI, model, abort, message and entry sinks, errors. Its members win over `initialize`'s
   * for this call alone, in its handlers' context and for the hooks' `pi` actions made while it runs, including
   * from promises and timers its handlers start (two calls in flight at once each reach their own).
   */
  host?: CallHost;
};
