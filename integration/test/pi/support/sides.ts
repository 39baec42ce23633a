// The two sides of a differential case: the real pi runner and hookwire, loaded with the same module and host.
import { HookRunner } from "@hookwire/core";
import { loadHooks } from "@hookwire/loader";
import { HookToolWrapper } from "@hookwire/tool-wrapper";
import type { PiPackage } from "./pi-packages.js";
import { describe as describeValue, type RecordingHost } from "./recording-host.js";
import type { RealTool } from "./tools.js";

/** What a module registered, as data both systems can produce. */
export interface Registrations {
  events: string[];
  commands: Array<{ name: string; description?: string }>;
  renderers: string[];
  tools: Array<{ name: string; label?: string; description?: string; parameters: unknown }>;
  flags: Array<{ name: string; type?: string; default?: unknown; description?: string }>;
  shortcuts: Array<{ shortcut: string; description?: string }>;
}

export interface Side {
  readonly loaded: boolean;
  /** The missing module named by a load failure, or the failure text. */
  readonly loadError?: string;
  readonly errors: string[];
  registrations(): Registrations;
  emit(event: { type: string; [key: string]: unknown }): Promise<unknown>;
  callTool(tool: RealTool, toolCallId: string, input: Record<string, unknown>): Promise<unknown>;
  runCommand(name: string, args: string): Promise<void>;
  runShortcut(key: string): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: pi's runners are driven through their untyped dist modules.
type Any = any;

export type SystemKind = "hooks-0.32" | "extensions-0.73";

function missingModule(text: string): string {
  return /Cannot find module '([^']+)'/.exec(text)?.[1] ?? text;
}

const sortBy = <T>(list: T[], key: (t: T) => string) =>
  [...list].sort((a, b) => key(a).localeCompare(key(b)));

function registrationsOf(
  modules: Array<{
    handlers: Map<string, unknown[]>;
    commands: Map<string, Any>;
    messageRenderers: Map<string, unknown>;
    tools?: Map<string, Any>;
    flags?: Map<string, Any>;
    shortcuts?: Map<string, Any>;
  }>,
  tool: (entry: Any) => Any,
  cwd: string,
): Registrations {
  const all = <T>(pick: (m: (typeof modules)[number]) => Iterable<T> | undefined) =>
    modules.flatMap((m) => [...(pick(m) ?? [])]);
  return describeValue(
    {
      events: all((m) => [...m.handlers].filter(([, h]) => h.length > 0).map(([name]) => name)).sort(),
      commands: sortBy(
        all((m) => m.commands.values()).map((c) => ({ name: c.name, description: c.description })),
        (c) => c.name,
      ),
      renderers: all((m) => m.messageRenderers.keys()).sort(),
      tools: sortBy(
        all((m) => m.tools?.values()).map((entry) => {
          const t = tool(entry);
          return { name: t.name, label: t.label, description: t.description, parameters: t.parameters };
        }),
        (t) => t.name,
      ),
      flags: sortBy(
        all((m) => m.flags?.values()).map((f) => ({
          name: f.name,
          type: f.type,
          default: f.default,
          description: f.description,
        })),
        (f) => f.name,
      ),
      shortcuts: sortBy(
        all((m) => m.shortcuts?.values()).map((s) => ({ shortcut: s.shortcut, description: s.description })),
        (s) => s.shortcut,
      ),
    },
    cwd,
  ) as Registrations;
}

/** What a tool call came to: the error the caller saw, or the result it got. */
function toolOutcome(result: Any, cwd: string) {
  return describeValue(
    { content: result.content, details: result.details, isError: result.isError ?? false },
    cwd,
  );
}

/** The real pi: 0.32's HookRunner and wrapToolsWithHooks, or 0.73's ExtensionRunner and AgentSession's tool flow. */
export async function piSide(
  kind: SystemKind,
  pkg: PiPackage,
  file: string,
  cwd: string,
  host: RecordingHost,
  sessionManager: unknown,
): Promise<Side> {
  const errors: string[] = [];
  const a = host.actions();
  const k = host.commandActions();
  // pi's CLI initialises its theme at start-up; the no-UI context hands that theme to modules.
  (await pkg.load<Any>("modes/interactive/theme/theme.js")).initTheme(undefined, false);
  if (kind === "hooks-0.32") {
    const {
      loadHooks: piLoadHooks,
      HookRunner: PiHookRunner,
      wrapToolWithHooks,
    } = await pkg.load<Any>("core/hooks/index.js");
    const { hooks, errors: loadErrors } = await piLoadHooks([file], cwd);
    const runner = new PiHookRunner(hooks, cwd, sessionManager, undefined);
    runner.onError((e: Any) => errors.push(`${e.event}: ${describeValue(e.error, cwd)}`));
    const c = host.contextActions();
    runner.initialize({
      getModel: c.getModel,
      sendMessageHandler: a.sendMessage,
      appendEntryHandler: a.appendEntry,
      newSessionHandler: k.newSession,
      branchHandler: k.branch,
      navigateTreeHandler: k.navigateTree,
      isIdle: c.isIdle,
      waitForIdle: k.waitForIdle,
      abort: c.abort,
      hasPendingMessages: c.hasPendingMessages,
      uiContext: host.script.hasUI ? host.ui() : undefined,
      hasUI: host.script.hasUI,
    });
    host.commands = runner
      .getRegisteredCommands()
      .map((c: Any) => ({ name: c.name, description: c.description }));
    return {
      loaded: hooks.length > 0,
      loadError: loadErrors[0] ? missingModule(loadErrors[0].error) : undefined,
      errors,
      registrations: () => registrationsOf(hooks, (t) => t, cwd),
      async emit(event) {
        if (event.type === "context") return describeValue(await runner.emitContext(event.messages), cwd);
        if (event.type === "before_agent_start") {
          const result = await runner.emitBeforeAgentStart(event.prompt, event.images);
          return describeValue(result?.message, cwd);
        }
        return describeValue(await runner.emit(event), cwd);
      },
      async callTool(tool, toolCallId, input) {
        try {
          return toolOutcome(await wrapToolWithHooks(tool, runner).execute(toolCallId, input), cwd);
        } catch (error) {
          return { error: describeValue((error as Error).message, cwd) };
        }
      },
      runCommand: (name, args) => runner.getCommand(name).handler(args, runner.createCommandContext()),
      runShortcut: async () => {},
    };
  }

  const { loadExtensions } = await pkg.load<Any>("core/extensions/loader.js");
  const { ExtensionRunner } = await pkg.load<Any>("core/extensions/runner.js");
  const { extensions, errors: loadErrors, runtime } = await loadExtensions([file], cwd);
  const runner = new ExtensionRunner(extensions, runtime, cwd, sessionManager, undefined);
  runner.onError((e: Any) => errors.push(`${e.event}: ${describeValue(e.error, cwd)}`));
  runner.bindCore(a, host.contextActions(), {
    registerProvider: (name: string, config: unknown) => host.record("registerProvider", name, config),
    unregisterProvider: (name: string) => host.record("unregisterProvider", name),
  });
  runner.bindCommandContext(k);
  if (host.script.hasUI) runner.setUIContext(host.ui());
  host.commands = runner
    .getRegisteredCommands()
    .map((c: Any) => ({ name: c.invocationName, description: c.description }));
  return {
    loaded: extensions.length > 0,
    loadError: loadErrors[0] ? missingModule(loadErrors[0].error) : undefined,
    errors,
    registrations: () => registrationsOf(extensions, (t) => t.definition, cwd),
    async emit(event) {
      const e = event as Any;
      switch (event.type) {
        case "context":
          return describeValue(await runner.emitContext(e.messages), cwd);
        case "before_agent_start": {
          const r = await runner.emitBeforeAgentStart(
            e.prompt,
            e.images,
            e.systemPrompt,
            e.systemPromptOptions,
          );
          return describeValue({ messages: r?.messages, systemPrompt: r?.systemPrompt }, cwd);
        }
        case "input":
          return describeValue(await runner.emitInput(e.text, e.images, e.source), cwd);
        case "user_bash":
          return describeValue(await runner.emitUserBash(e), cwd);
        case "before_provider_request":
          return describeValue(await runner.emitBeforeProviderRequest(e.payload), cwd);
        case "message_end":
          return describeValue(await runner.emitMessageEnd(e), cwd);
        case "resources_discover": {
          const r = await runner.emitResourcesDiscover(e.cwd, e.reason);
          const paths = (list: Array<{ path: string }>) => list.map((p) => p.path);
          return describeValue(
            {
              skillPaths: paths(r.skillPaths),
              promptPaths: paths(r.promptPaths),
              themePaths: paths(r.themePaths),
            },
            cwd,
          );
        }
        default:
          return describeValue(await runner.emit(event), cwd);
      }
    },
    // AgentSession's beforeToolCall / afterToolCall around the tool, as pi-agent-core runs them.
    async callTool(tool, toolCallId, input) {
      const args = input;
      if (runner.hasHandlers("tool_call")) {
        let before: Any;
        try {
          before = await runner.emitToolCall({
            type: "tool_call",
            toolName: tool.name,
            toolCallId,
            input: args,
          });
        } catch (error) {
          return { error: describeValue((error as Error).message, cwd) };
        }
        if (before?.block)
          return { error: describeValue(before.reason || "Tool execution was blocked", cwd) };
      }
      let result: Any;
      let isError = false;
      try {
        result = await tool.execute(toolCallId, args);
      } catch (error) {
        result = { content: [{ type: "text", text: (error as Error).message }], details: {} };
        isError = true;
      }
      if (runner.hasHandlers("tool_result")) {
        const after = await runner.emitToolResult({
          type: "tool_result",
          toolName: tool.name,
          toolCallId,
          input: args,
          content: result.content,
          details: result.details,
          isError,
        });
        if (after) return toolOutcome({ ...after, isError: after.isError ?? isError }, cwd);
      }
      return isError ? { error: describeValue(result.content[0].text, cwd) } : toolOutcome(result, cwd);
    },
    runCommand: (name, args) => runner.getCommand(name).handler(args, runner.createCommandContext()),
    runShortcut: (key) => runner.getShortcuts({}).get(key.toLowerCase()).handler(runner.createContext()),
  };
}

/** hookwire with the same module, host and session: loadHooks, HookRunner, HookToolWrapper. */
export async function hookwireSide(
  kind: SystemKind,
  pkg: PiPackage,
  file: string,
  cwd: string,
  host: RecordingHost,
  sessionManager: unknown,
): Promise<Side> {
  const errors: string[] = [];
  const { hooks, errors: loadErrors } = await loadHooks([file], cwd, {
    alias: pkg.aliases(),
    fsCache: false,
    moduleCache: false,
  });
  const runner = new HookRunner(hooks, { cwd, sessionManager: sessionManager as never });
  runner.onError((e) => errors.push(`${e.event}: ${describeValue(e.error, cwd)}`));
  const init = host.hookwireInit();
  if (!host.script.hasUI) init.uiContext = undefined;
  runner.initialize(init);
  // The host applies providers registered while loading, as pi's bindCore flushes its queue.
  for (const { name, config } of runner.getRegisteredProviders())
    host.record("registerProvider", name, config);
  host.commands = runner.getRegisteredCommands().map((c) => ({ name: c.name, description: c.description }));
  const cause = loadErrors[0]?.error.cause;
  return {
    loaded: hooks.length > 0,
    loadError: loadErrors[0]
      ? missingModule(cause instanceof Error ? cause.message : loadErrors[0].error.message)
      : undefined,
    errors,
    registrations: () => registrationsOf(hooks as Any, (t) => t, cwd),
    async emit(event) {
      const outcome: Any = await runner.emit(event as never);
      switch (event.type) {
        case "before_agent_start":
          return describeValue(
            kind === "hooks-0.32"
              ? outcome?.message
              : { messages: outcome?.messages, systemPrompt: outcome?.systemPrompt },
            cwd,
          );
        case "resources_discover": {
          const paths = (list: Array<{ path: string }>) => list.map((p) => p.path);
          return describeValue(
            {
              skillPaths: paths(outcome.skillPaths),
              promptPaths: paths(outcome.promptPaths),
              themePaths: paths(outcome.themePaths),
            },
            cwd,
          );
        }
        default:
          return describeValue(outcome, cwd);
      }
    },
    async callTool(tool, toolCallId, input) {
      try {
        const result = await new HookToolWrapper(tool, runner).execute(toolCallId, input);
        return toolOutcome(result, cwd);
      } catch (error) {
        // A ToolBlockedError's message is the hook's reason, as pi's blocked calls carry it.
        return { error: describeValue((error as Error).message, cwd) };
      }
    },
    runCommand: async (name, args) => {
      await runner.getCommand(name)?.handler(args, runner.createCommandContext());
    },
    runShortcut: async (key) => {
      await runner.getShortcuts().get(key.toLowerCase())?.handler(runner.createContext());
    },
  };
}
