// hookwire's runner with pi as its host: pi's session, UI and actions behind the runner's host interface.
import {
  createNoOpUIContext,
  type HookRunner,
  type HookRunnerInit,
  type HookUIContext,
  type ReadonlySessionManager,
} from "@hookwire/core";
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { LiveContext } from "./live.js";

const notCancelled = async () => ({ cancelled: false });

/** Shown once in pi: its notification when it has a UI, else stderr (print mode shows no notifications). */
export function say(ctx: ExtensionContext | undefined, text: string, level: "warning" | "error"): void {
  if (ctx?.hasUI) ctx.ui.notify(text, level);
  else process.stderr.write(`${text}\n`);
}

/** pi's current session, read-only, as the runner's hooks query it. */
export function sessionOf(live: LiveContext): ReadonlySessionManager {
  const session = () => live.ctx?.sessionManager;
  return {
    getEntries: () => (session()?.getEntries() ?? []) as never,
    getBranch: (fromId) => (session()?.getBranch(fromId) ?? []) as never,
    getLeafEntry: () => session()?.getLeafEntry() as never,
    getSessionFile: () => session()?.getSessionFile(),
  };
}

/** Every member of hookwire's UI context, each calling the one of pi's current UI (the no-UI default before any). */
function uiOf(live: LiveContext): HookUIContext {
  const fallback = createNoOpUIContext();
  const current = () => (live.ctx?.ui ?? fallback) as unknown as Record<string, unknown>;
  const ui: Record<string, unknown> = {};
  for (const key of Object.keys(fallback)) {
    if (key === "theme") continue;
    ui[key] = (...args: unknown[]) => {
      const target = current();
      const member = target[key];
      return typeof member === "function" ? member.apply(target, args) : undefined;
    };
  }
  Object.defineProperty(ui, "theme", { get: () => current().theme, enumerable: true });
  return ui as unknown as HookUIContext;
}

/** The project's runner, connected to pi once pi's first event says whether it has a UI. */
export function piRunner(pi: ExtensionAPI, runner: HookRunner, live: LiveContext) {
  let connected = false;
  const seen = new Set<string>();
  runner.onError((error) => {
    if (seen.has(error.message)) return;
    seen.add(error.message);
    say(live.ctx, `hookwire: ${error.message}`, "error");
  });
  runner.guardProcess();
  const init = (ctx: ExtensionContext): HookRunnerInit => ({
    sendMessageHandler: (message, options) => pi.sendMessage(message as never, options),
    appendEntryHandler: (customType, data) => pi.appendEntry(customType, data),
    sendUserMessage: (content, options) => pi.sendUserMessage(content as never, options),
    setSessionName: (name) => pi.setSessionName(name),
    getSessionName: () => pi.getSessionName(),
    setLabel: (entryId, label) => pi.setLabel(entryId, label),
    getActiveTools: () => pi.getActiveTools(),
    getAllTools: () => pi.getAllTools() as never,
    setActiveTools: (names) => pi.setActiveTools(names),
    getCommands: () => pi.getCommands() as never,
    setModel: async (model) => {
      const found = live.ctx?.modelRegistry.find(model.provider, model.id);
      return found ? pi.setModel(found) : false;
    },
    getThinkingLevel: () => pi.getThinkingLevel(),
    setThinkingLevel: (level) => pi.setThinkingLevel(level as never),
    getModel: () => live.ctx?.model as never,
    isIdle: () => live.ctx?.isIdle() ?? true,
    abort: () => live.ctx?.abort(),
    hasQueuedMessages: () => live.ctx?.hasPendingMessages() ?? false,
    getSignal: () => live.ctx?.signal,
    shutdown: () => live.ctx?.shutdown(),
    getContextUsage: () => live.ctx?.getContextUsage() as never,
    compact: (options) => live.ctx?.compact(options as never),
    getSystemPrompt: () => live.ctx?.getSystemPrompt() ?? "",
    waitForIdle: () => live.command?.waitForIdle() ?? Promise.resolve(),
    newSessionHandler: (options) => live.command?.newSession(options as never) ?? notCancelled(),
    forkHandler: (entryId, options) => live.command?.fork(entryId, options as never) ?? notCancelled(),
    navigateTreeHandler: (targetId, options) =>
      live.command?.navigateTree(targetId, options) ?? notCancelled(),
    switchSessionHandler: (file, options) =>
      live.command?.switchSession(file, options as never) ?? notCancelled(),
    reloadHandler: () => live.command?.reload() ?? Promise.resolve(),
    uiContext: uiOf(live),
    hasUI: ctx.hasUI,
  });
  return {
    runner,
    /** Called at every pi event before the runner sees it. */
    enter(ctx: ExtensionContext): void {
      live.ctx = ctx;
      if (connected) return;
      connected = true;
      runner.initialize(init(ctx));
    },
  };
}
