// The context objects handlers and commands receive, and the host services behind them.
import type { ModelInfo, SessionEntry } from "./events.js";
import type { AgentMessage } from "./messages.js";

/** Colour helpers a host's UI exposes; the no-op theme returns text unchanged. */
export interface HookTheme {
  fg(color: string, text: string): string;
  bold(text: string): string;
}

export interface HookUIContext {
  /** Ask the user to pick one option; `undefined` when dismissed or without a UI. */
  select(title: string, options: string[]): Promise<string | undefined>;
  /** Ask a yes/no question; `false` without a UI. */
  confirm(title: string, message: string): Promise<boolean>;
  input(title: string, placeholder?: string): Promise<string | undefined>;
  editor(title: string, prefill?: string): Promise<string | undefined>;
  notify(message: string, type?: "info" | "warning" | "error"): void;
  /** Set (or with `undefined`, clear) this key's text in the status line. */
  setStatus(key: string, text: string | undefined): void;
  /** Show a host-specific component; resolves with what it returns, `undefined` without a UI. */
  custom<T>(factory: (done: (result: T) => void) => unknown): Promise<T | undefined>;
  setEditorText(text: string): void;
  getEditorText(): string;
  readonly theme: HookTheme;

  // The extension UI of pi 0.73. Hosts implement what they can show; the runner answers the rest
  // with the no-UI defaults of `createNoOpUIContext`.
  /** Listen to raw terminal input; returns the unsubscribe. */
  onTerminalInput(handler: (data: string) => unknown): () => void;
  setWorkingMessage(message?: string): void;
  setWorkingVisible(visible: boolean): void;
  setWorkingIndicator(options?: unknown): void;
  setHiddenThinkingLabel(label?: string): void;
  /** Show (or with `undefined`, remove) a widget: lines of text or a host component factory. */
  setWidget(key: string, content: unknown, options?: unknown): void;
  setFooter(factory: unknown): void;
  setHeader(factory: unknown): void;
  setTitle(title: string): void;
  pasteToEditor(text: string): void;
  addAutocompleteProvider(factory: unknown): void;
  setEditorComponent(factory: unknown): void;
  getEditorComponent(): unknown;
  getAllThemes(): Array<{ name: string; path?: string }>;
  getTheme(name: string): unknown;
  /** Switch theme; `{ success: false, error }` without a UI. */
  setTheme(theme: unknown): { success: boolean; error?: string };
  getToolsExpanded(): boolean;
  setToolsExpanded(expanded: boolean): void;
}

/** The read-only session surface hooks may query. */
export interface ReadonlySessionManager {
  getEntries(): SessionEntry[];
  getBranch(fromId?: string): SessionEntry[];
  getLeafEntry(): SessionEntry | undefined;
  getSessionFile(): string | undefined;
}

/** What `newSession({ setup })` hands to its setup callback. */
export interface SessionSetup {
  appendMessage(message: AgentMessage): void;
}

export interface HookContext {
  ui: HookUIContext;
  hasUI: boolean;
  cwd: string;
  sessionManager: ReadonlySessionManager;
  modelRegistry: unknown;
  readonly model: ModelInfo | undefined;
  isIdle(): boolean;
  abort(): void;
  hasQueuedMessages(): boolean;
  /** pi's name for `hasQueuedMessages`; the same host callback answers both. */
  hasPendingMessages(): boolean;
  /** The current agent run's abort signal; `undefined` when idle or the host does not say. */
  readonly signal: AbortSignal | undefined;
  /** Ask the host to shut down gracefully; does nothing when the host did not provide it. */
  shutdown(): void;
  /** Token usage of the context window; `undefined` when the host does not say. */
  getContextUsage(): ContextUsage | undefined;
  /** Ask the host to compact the session; does nothing when the host did not provide it. */
  compact(options?: CompactOptions): void;
  /** The current system prompt; `""` when the host does not say. */
  getSystemPrompt(): string;
}

export interface ContextUsage {
  tokens: number | null;
  contextWindow: number;
  percent: number | null;
}

export interface CompactOptions {
  customInstructions?: string;
  onComplete?: (result: unknown) => void;
  onError?: (error: Error) => void;
}

export interface NewSessionOptions {
  parentSession?: string;
  setup?: (session: SessionSetup) => void | Promise<void>;
}

/** Slash commands get a context with the session-changing actions. */
export interface HookCommandContext extends HookContext {
  waitForIdle(): Promise<void>;
  newSession(options?: NewSessionOptions): Promise<{ cancelled: boolean }>;
  branch(entryId: string): Promise<{ cancelled: boolean }>;
  navigateTree(targetId: string, options?: { summarize?: boolean }): Promise<{ cancelled: boolean }>;
  /** pi 0.73's branch: a new session from `entryId`. */
  fork(entryId: string, options?: unknown): Promise<{ cancelled: boolean }>;
  switchSession(sessionPath: string, options?: unknown): Promise<{ cancelled: boolean }>;
  /** Reload hooks and resources; resolves at once when the host did not provide it. */
  reload(): Promise<void>;
}
