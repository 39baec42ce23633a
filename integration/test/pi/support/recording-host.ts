// One host, given to pi's runner and to hookwire's alike: it records every callback and answers from a script.
import type { HookRunnerInit } from "@hookwire/core";

export interface UIScript {
  hasUI: boolean;
  /** What confirm answers. */
  confirm: boolean;
  /** Which option select picks (`undefined`: dismissed). */
  select: "first" | "last" | undefined;
  input: string | undefined;
}

export const WITH_UI: UIScript = { hasUI: true, confirm: false, select: "last", input: "typed text" };
export const NO_UI: UIScript = { hasUI: false, confirm: false, select: undefined, input: undefined };

const UI_METHODS = [
  "notify",
  "setStatus",
  "setEditorText",
  "pasteToEditor",
  "setWorkingMessage",
  "setWorkingVisible",
  "setWorkingIndicator",
  "setHiddenThinkingLabel",
  "setWidget",
  "setFooter",
  "setHeader",
  "setTitle",
  "addAutocompleteProvider",
  "setEditorComponent",
  "setToolsExpanded",
] as const;

/** Anything a module hands the host, as comparable data: functions and host objects become tags. */
export function describe(value: unknown, cwd: string, seen = new WeakSet<object>()): unknown {
  if (typeof value === "function") return "[function]";
  // Millisecond clock readings (labels such as `bookmark-1796119153445`) differ between two runs.
  if (typeof value === "string")
    return value
      .split(cwd)
      .join("<cwd>")
      .replace(/\b1\d{12}\b/g, "<time>");
  if (typeof value !== "object" || value === null) return value;
  if (value instanceof AbortSignal) return "[AbortSignal]";
  if (value instanceof Error) return `[Error ${describe(value.message, cwd)}]`;
  if (seen.has(value)) return "[circular]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => describe(v, cwd, seen));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return `[${proto?.constructor?.name ?? "object"}]`;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "timestamp")
      .map(([k, v]) => [k, describe(v, cwd, seen)]),
  );
}

/** A theme whose every colour helper returns the text unchanged. */
const plainTheme = new Proxy(
  {},
  {
    get: (_target, key) => (key === "then" ? undefined : (...args: unknown[]) => args[args.length - 1]),
  },
);

export class RecordingHost {
  readonly log: unknown[][] = [];
  activeTools = ["read", "bash", "edit", "write"];
  sessionName: string | undefined;
  thinkingLevel = "off";
  readonly #cwd: string;
  readonly script: UIScript;
  /** The commands to list for getCommands, filled by the side once its modules loaded. */
  commands: Array<{ name: string; description?: string }> = [];

  constructor(cwd: string, script: UIScript) {
    this.#cwd = cwd;
    this.script = script;
  }

  record(kind: string, ...args: unknown[]): void {
    this.log.push([kind, ...args.map((a) => describe(a, this.#cwd))]);
  }

  /** The full UI of pi 0.73 (a superset of 0.32's), recording every call. */
  ui(): Record<string, unknown> {
    const script = this.script;
    const ui: Record<string, unknown> = {
      select: async (title: string, options: string[]) => {
        this.record("ui.select", title, options);
        if (script.select === undefined) return undefined;
        return script.select === "first" ? options[0] : options[options.length - 1];
      },
      confirm: async (title: string, message: string) => {
        this.record("ui.confirm", title, message);
        return script.confirm;
      },
      input: async (title: string, placeholder?: string) => {
        this.record("ui.input", title, placeholder);
        return script.input;
      },
      editor: async (title: string, prefill?: string) => {
        this.record("ui.editor", title, prefill);
        return script.input;
      },
      custom: async () => {
        this.record("ui.custom");
        return undefined;
      },
      onTerminalInput: () => {
        this.record("ui.onTerminalInput");
        return () => {};
      },
      getEditorText: () => "",
      getEditorComponent: () => undefined,
      getAllThemes: () => [],
      getTheme: () => undefined,
      setTheme: (theme: unknown) => {
        this.record("ui.setTheme", theme);
        return { success: false, error: "UI not available" };
      },
      getToolsExpanded: () => false,
      theme: plainTheme,
    };
    for (const method of UI_METHODS)
      ui[method] = (...args: unknown[]) => this.record(`ui.${method}`, ...args);
    return ui;
  }

  /** The host actions, as plain functions of the pi signature (no hookPath). */
  actions() {
    return {
      sendMessage: (message: unknown, options?: unknown) => this.record("sendMessage", message, options),
      appendEntry: (customType: string, data?: unknown) => this.record("appendEntry", customType, data),
      sendUserMessage: (content: unknown, options?: unknown) =>
        this.record("sendUserMessage", content, options),
      setSessionName: (name: string) => {
        this.record("setSessionName", name);
        this.sessionName = name;
      },
      getSessionName: () => this.sessionName,
      setLabel: (entryId: string, label?: string) => this.record("setLabel", entryId, label),
      getActiveTools: () => [...this.activeTools],
      getAllTools: () =>
        ["read", "bash", "edit", "write", "grep", "find", "ls"].map((name) => ({
          name,
          description: `${name} tool`,
        })),
      setActiveTools: (names: string[]) => {
        this.record("setActiveTools", names);
        this.activeTools = [...names];
      },
      refreshTools: () => {},
      getCommands: () => this.commands.map((c) => ({ ...c, source: "extension" })),
      setModel: async (model: unknown) => {
        this.record("setModel", model);
        return true;
      },
      getThinkingLevel: () => this.thinkingLevel,
      setThinkingLevel: (level: string) => {
        this.record("setThinkingLevel", level);
        this.thinkingLevel = level;
      },
    };
  }

  /** pi 0.73's context actions (bindCore's second argument). */
  contextActions() {
    return {
      getModel: () => undefined,
      isIdle: () => true,
      getSignal: () => undefined,
      abort: () => this.record("abort"),
      hasPendingMessages: () => false,
      shutdown: () => this.record("shutdown"),
      getContextUsage: () => undefined,
      compact: (options?: unknown) => this.record("compact", options),
      getSystemPrompt: () => "You are pi.",
    };
  }

  /** pi's command-context actions (`bindCommandContext` / the 0.32 initialize handlers). */
  commandActions() {
    const cancelled =
      (kind: string) =>
      async (...args: unknown[]) => {
        this.record(kind, ...args);
        return { cancelled: false };
      };
    return {
      waitForIdle: async () => {},
      newSession: cancelled("newSession"),
      fork: cancelled("fork"),
      branch: cancelled("branch"),
      navigateTree: cancelled("navigateTree"),
      switchSession: cancelled("switchSession"),
      reload: async () => this.record("reload"),
    };
  }

  /** The same host as hookwire's `runner.initialize` options: each action drops the hookPath hookwire adds. */
  hookwireInit(): HookRunnerInit {
    const a = this.actions();
    const c = this.contextActions();
    const k = this.commandActions();
    const drop =
      <A extends unknown[], R>(fn: (...args: A) => R) =>
      (...args: unknown[]) =>
        fn(...(args.slice(0, -1) as A));
    return {
      sendMessageHandler: (message, options) => a.sendMessage(message, options),
      appendEntryHandler: (customType, data) => a.appendEntry(customType, data),
      sendUserMessage: drop(a.sendUserMessage),
      setSessionName: drop(a.setSessionName),
      getSessionName: drop(a.getSessionName),
      setLabel: drop(a.setLabel),
      getActiveTools: drop(a.getActiveTools),
      getAllTools: drop(a.getAllTools),
      setActiveTools: drop(a.setActiveTools),
      getCommands: drop(a.getCommands),
      setModel: drop(a.setModel),
      getThinkingLevel: drop(a.getThinkingLevel),
      setThinkingLevel: drop(a.setThinkingLevel),
      getModel: c.getModel,
      isIdle: c.isIdle,
      getSignal: c.getSignal,
      abort: c.abort,
      hasQueuedMessages: c.hasPendingMessages,
      shutdown: c.shutdown,
      getContextUsage: c.getContextUsage,
      compact: c.compact,
      getSystemPrompt: c.getSystemPrompt,
      waitForIdle: k.waitForIdle,
      newSessionHandler: k.newSession,
      branchHandler: k.branch,
      forkHandler: k.fork,
      navigateTreeHandler: k.navigateTree,
      switchSessionHandler: k.switchSession,
      reloadHandler: k.reload,
      uiContext: this.ui() as never,
      hasUI: this.script.hasUI,
    };
  }
}
