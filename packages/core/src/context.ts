// The context objects handlers and commands receive, and the host services behind them.
import type { SessionEntry } from "./events.js";
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

export interface ModelInfo {
  provider: string;
  id: string;
  [key: string]: unknown;
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
}
