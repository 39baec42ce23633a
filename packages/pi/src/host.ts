// hookwire's runner with pi as its host: the pi context of each event as the host of that call (its UI, session,
// model and actions), carried by the call (`CallContext.host`), never kept in a shared holder refilled per event.
import {
  type CallContext,
  type CallHost,
  createNoOpUIContext,
  type HookRunner,
  type HookUIContext,
  type ReadonlySessionManager,
} from "@hookwire/core";
import type { ExtensionAPI, ExtensionCommandContext, ExtensionContext } from "@mariozechner/pi-coding-agent";

/** Shown once in pi: its notification when it has a UI, else stderr (print mode shows no notifications). */
export function say(ctx: ExtensionContext | undefined, text: string, level: "warning" | "error"): void {
  if (ctx?.hasUI) ctx.ui.notify(text, level);
  else process.stderr.write(`${text}\n`);
}

/** pi's session as this context reads it, read-only, as the runner's hooks query it. */
function sessionOf(ctx: ExtensionContext): ReadonlySessionManager {
  const session = ctx.sessionManager;
  return {
    getEntries: () => session.getEntries() as never,
    getBranch: (fromId) => session.getBranch(fromId) as never,
    getLeafEntry: () => session.getLeafEntry() as never,
    getSessionFile: () => session.getSessionFile(),
  };
}

/** Every member of hookwire's UI context, each calling the one of this context's UI as it is at the call. */
function uiOf(ctx: ExtensionContext): HookUIContext {
  const fallback = createNoOpUIContext();
  const current = () => ctx.ui as unknown as Record<string, unknown>;
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

/** What the runner's hooks reach through one pi context: its UI, model and the agent run it belongs to. */
function contextHost(pi: ExtensionAPI, ctx: ExtensionContext): CallHost {
  return {
    uiContext: uiOf(ctx),
    setModel: async (model) => {
      const found = ctx.modelRegistry.find(model.provider, model.id);
      return found ? pi.setModel(found) : false;
    },
    getModel: () => ctx.model as never,
    isIdle: () => ctx.isIdle(),
    abort: () => ctx.abort(),
    hasQueuedMessages: () => ctx.hasPendingMessages(),
    getSignal: () => ctx.signal,
    shutdown: () => ctx.shutdown(),
    getContextUsage: () => ctx.getContextUsage() as never,
    compact: (options) => ctx.compact(options as never),
    getSystemPrompt: () => ctx.getSystemPrompt(),
  };
}

/** The session-changing actions of a command's context (pi hands them to commands alone). */
function commandHost(ctx: ExtensionCommandContext): CallHost {
  return {
    waitForIdle: () => ctx.waitForIdle(),
    newSessionHandler: (options) => ctx.newSession(options as never),
    forkHandler: (entryId, options) => ctx.fork(entryId, options as never),
    navigateTreeHandler: (targetId, options) => ctx.navigateTree(targetId, options),
    switchSessionHandler: (file, options) => ctx.switchSession(file, options as never),
    reloadHandler: () => ctx.reload(),
  };
}

/**
 * The project's runner, connected to pi at pi's first event. Each event's emit carries that event's context as its
 * call (`call`); outside any (a hook's timer started at load), the hooks reach pi's session through the first
 * event's context, as pi's own `pi.sendMessage` outside a handler reaches the session: pi's contexts of one
 * session all read that session as it is, and pi loads this extension again for a new session.
 */
export function piRunner(pi: ExtensionAPI, runner: HookRunner) {
  let session: ExtensionContext | undefined;
  const seen = new Set<string>();
  runner.onError((error) => {
    if (seen.has(error.message)) return;
    seen.add(error.message);
    say(session, `hookwire: ${error.message}`, "error");
  });
  runner.guardProcess();
  const connect = (ctx: ExtensionContext) => {
    session = ctx;
    runner.initialize({
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
      getThinkingLevel: () => pi.getThinkingLevel(),
      setThinkingLevel: (level) => pi.setThinkingLevel(level as never),
      ...contextHost(pi, ctx),
      hasUI: ctx.hasUI,
    });
  };
  return {
    runner,
    /** The call of one pi event (connecting the runner at the first): pi's context of it as its host. */
    call(ctx: ExtensionContext): CallContext {
      if (session === undefined) connect(ctx);
      return { sessionManager: sessionOf(ctx), host: contextHost(pi, ctx) };
    },
    /** A command's call: its context's, with the session-changing actions only commands have. */
    commandCall(ctx: ExtensionCommandContext): CallContext {
      const call = this.call(ctx);
      return { ...call, host: { ...call.host, ...commandHost(ctx) } };
    },
  };
}
