// createHookTester: hooks loaded as a host loads them, a runner around them, and everything they did, recorded.
import {
  type AgentMessage,
  type AnyHookEvent,
  type HookEmitOutcome,
  type HookError,
  HookRunner,
  type HookRunnerInit,
  type HookTrace,
  type LoadedHook,
  type ReadonlySessionManager,
  type SendMessageOptions,
} from "@hookwire/core";
import type { SettingsHooksOptions } from "@hookwire/settings-hooks";
import { loadModules, loadSettings, type ModuleSpec, type SettingsSpec } from "./load.js";
import { type AskedQuestion, createRecordingUI, type Notification, type UIAnswers } from "./scripted-ui.js";
import { runToolCall, type ToolCallOptions, type ToolCallReport } from "./tool-call.js";

/** One load warning: its stable code, the file it is about (with the JSON path for settings), the message. */
export interface LoadWarning {
  code: string;
  file: string;
  /** JSON path inside a settings file; `""` for a module or a file as a whole. */
  path: string;
  message: string;
}

/** A loaded hook's warnings as LoadWarnings. */
function hookWarnings(hooks: readonly LoadedHook[]): LoadWarning[] {
  return hooks.flatMap((hook) =>
    hook.warnings.map((warning) => ({
      code: warning.code,
      file: hook.path,
      path: "",
      message: warning.message,
    })),
  );
}

export interface HookTesterOptions {
  /** Folder the hooks run in; module and settings paths are relative to it. Default `process.cwd()`. */
  cwd?: string;
  /** Hook modules: paths (loaded by the loader's module runner, as hosts load them) or factories written in the test. */
  modules?: ModuleSpec[];
  /** Claude-style settings: file paths, or the settings JSON itself (`{ hooks: { PreToolUse: [...] } }`). */
  settings?: SettingsSpec | SettingsSpec[];
  /** Answers for the hooks' questions, in order per kind. Add more later with `answer()`. */
  ui?: UIAnswers;
  /** `false` gives hooks `ctx.hasUI === false` (a headless host); questions still record their answers. Default true. */
  hasUI?: boolean;
  /** What `ctx.sessionManager` reads. Default: an empty session. */
  sessionManager?: ReadonlySessionManager;
  /** Milliseconds a module handler may take. Default 10 000, so a hung handler fails the test instead of hanging it. */
  handlerTimeout?: number;
  /** Options for the settings-hook bridge (session id, secret variables, executors, …). */
  settingsOptions?: Partial<SettingsHooksOptions>;
  /** Host callbacks that replace the recording ones (e.g. a `newSessionHandler` that cancels). */
  host?: Partial<HookRunnerInit>;
}

/** A `ctx.newSession` call: the parent it named and the messages its `setup` appended. */
export interface NewSession {
  parentSession?: string;
  messages: AgentMessage[];
}

export interface SentMessage {
  customType: string;
  content: unknown;
  display: boolean;
  details?: unknown;
  options?: SendMessageOptions;
  hookPath: string;
}

export interface AppendedEntry {
  customType: string;
  data: unknown;
  hookPath: string;
}

export interface HookTester {
  readonly runner: HookRunner;
  readonly hooks: readonly LoadedHook[];
  /** Emit one event through every hook, as a host would; resolves with the combined result. */
  emit<E extends AnyHookEvent>(event: E): Promise<HookEmitOutcome<E["type"]>>;
  /** A tool call through the tool wrapper (tool_call, permissions, the tool, tool_result). */
  runTool(
    toolName: string,
    input: Record<string, unknown>,
    options?: ToolCallOptions,
  ): Promise<ToolCallReport>;
  /** Run a registered slash command (`"/handoff notes"` or `"handoff"`); throws when no hook registers it. */
  runCommand(text: string): Promise<void>;
  /** Queue more answers for the hooks' questions. */
  answer(answers: UIAnswers): void;
  readonly asked: readonly AskedQuestion[];
  readonly messages: readonly SentMessage[];
  readonly entries: readonly AppendedEntry[];
  readonly notifications: readonly Notification[];
  /** The status line as hooks left it, per key. */
  readonly status: Readonly<Record<string, string>>;
  /** The status line rendered as a host shows it. */
  statusLine(width?: number): string;
  /** `ctx.newSession` calls made by commands. */
  readonly newSessions: readonly NewSession[];
  /** Errors hooks raised outside tool_call (reported, not thrown, as the runner does for hosts). */
  readonly errors: readonly HookError[];
  /** Every handler run: hook, event, result or error, duration. */
  readonly traces: readonly HookTrace[];
  /**
   * Every load warning, as `hookwire doctor` shows them: the modules' (`pi.on("tool_cal")` with its
   * did-you-mean: code `HOOK_UNKNOWN_EVENT`, `file` the module), then the settings files' (unknown fields,
   * timeouts in milliseconds, …: `file` and the JSON `path`).
   */
  readonly warnings: readonly LoadWarning[];
  /** Answers queued but never asked for. */
  unanswered(): UIAnswers;
  /** Forget what was recorded so far (hooks, handlers and queued answers stay). */
  reset(): void;
  dispose(): void;
}

/** Load the hooks and wire a runner with a scripted UI and recording handlers around them. */
export async function createHookTester(options: HookTesterOptions = {}): Promise<HookTester> {
  const cwd = options.cwd ?? process.cwd();
  const settingsSpecs = options.settings === undefined ? [] : [options.settings].flat();
  const modules = await loadModules(options.modules ?? [], cwd);
  const settings = await loadSettings(settingsSpecs, cwd, options.settingsOptions ?? {});
  const hooks = settings.hook ? [...modules, settings.hook] : modules;

  const recording = createRecordingUI(options.ui);
  const messages: SentMessage[] = [];
  const entries: AppendedEntry[] = [];
  const newSessions: NewSession[] = [];
  const errors: HookError[] = [];
  const traces: HookTrace[] = [];

  const runner = new HookRunner(hooks, {
    cwd,
    sessionManager: options.sessionManager,
    handlerTimeout: options.handlerTimeout ?? 10_000,
  });
  runner.initialize({
    sendMessageHandler: (message, sendOptions, hookPath) => {
      messages.push({
        ...message,
        ...(sendOptions ? { options: sendOptions } : {}),
        hookPath,
      } as SentMessage);
    },
    appendEntryHandler: (customType, data, hookPath) => entries.push({ customType, data, hookPath }),
    newSessionHandler: async (sessionOptions) => {
      const session: NewSession = { messages: [] };
      if (sessionOptions?.parentSession !== undefined) session.parentSession = sessionOptions.parentSession;
      newSessions.push(session);
      await sessionOptions?.setup?.({ appendMessage: (message) => session.messages.push(message) });
      return { cancelled: false };
    },
    uiContext: recording.ui,
    hasUI: options.hasUI ?? true,
    ...options.host,
  });
  runner.onError((error) => errors.push(error));
  runner.onTrace((trace) => traces.push(trace));

  return {
    runner,
    hooks,
    emit: (event) => runner.emit(event),
    runTool: (toolName, input, toolOptions) => runToolCall(runner, toolName, input, toolOptions),
    async runCommand(text) {
      const [, name = "", args = ""] = /^\/?(\S+)\s*([\s\S]*)$/.exec(text.trim()) ?? [];
      const command = runner.getCommand(name);
      if (!command) {
        const known = runner.getRegisteredCommands().map((c) => `/${c.name}`);
        throw new Error(`No hook registers /${name}; registered: ${known.join(", ") || "none"}.`);
      }
      await command.handler(args, runner.createCommandContext());
    },
    answer: (answers) => recording.answer(answers),
    asked: recording.asked,
    messages,
    entries,
    notifications: recording.notifications,
    get status() {
      return Object.fromEntries(recording.status.entries());
    },
    statusLine: (width) => recording.status.render(width),
    newSessions,
    errors,
    traces,
    warnings: [
      ...hookWarnings(modules),
      ...settings.warnings.map(({ code, file, path, message }) => ({ code, file, path, message })),
    ],
    unanswered: () => recording.unanswered(),
    reset() {
      for (const list of [
        recording.asked,
        messages,
        entries,
        recording.notifications,
        newSessions,
        errors,
        traces,
      ]) {
        list.length = 0;
      }
    },
    dispose: () => runner.dispose(),
  };
}
