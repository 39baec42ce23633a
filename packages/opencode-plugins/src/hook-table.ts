// The one table from OpenCode plugin hooks to hookwire's native events, and the hooks that have none.
import {
  type ContentPart,
  errorMessage,
  type HookContext,
  type NativeEventName,
  type ToolCallEvent,
  type ToolResultEvent,
} from "@hookwire/core";
import type { SessionCompactingEvent } from "@hookwire/core/events";
import type { AnyHookHandler } from "@hookwire/core/internal";
import { fromOpencodeArgs, toOpencodeArgs } from "./tools.js";

// biome-ignore lint/suspicious/noExplicitAny: plugin hooks are user functions of any shape.
export type PluginHook = (...args: any[]) => unknown;

/** What a mapped hook needs from the plugin it belongs to. */
export interface PluginScope {
  /** Names the plugin in errors. */
  hookPath: string;
  /** opencode's `sessionID`: the host's session file name, else one id per load. */
  sessionID(ctx: HookContext | undefined): string;
}

export interface HookMapping {
  /** The opencode hook name (a key of the object a plugin factory returns). */
  hook: string;
  native: NativeEventName;
  adapt(fn: PluginHook, scope: PluginScope): AnyHookHandler;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const text = (value: string): ContentPart[] => [{ type: "text", text: value }];

/** What opencode's own tools title their result with (bash: the command; file tools: the path). */
function titleOf(args: Record<string, unknown>): string {
  for (const key of ["command", "filePath", "pattern", "url"]) {
    if (typeof args[key] === "string") return args[key] as string;
  }
  return "";
}

/** opencode's bus event, as the `event` hook receives it. */
function busEvent(type: string, properties: Record<string, unknown>) {
  return { event: { type, properties } };
}

const FILE_TOOLS = new Set(["write", "edit"]);

export const OPENCODE_HOOKS: readonly HookMapping[] = [
  {
    hook: "tool.execute.before",
    native: "tool_call",
    // Throwing blocks the call and the model reads the error message, as in opencode. Only changes made to the
    // `output.args` object count: opencode keeps its own reference, so assigning a new object is ignored there too.
    adapt: (fn, scope) => async (event: ToolCallEvent, ctx: HookContext) => {
      const args = toOpencodeArgs(event.toolName, event.input);
      const before = JSON.stringify(args);
      try {
        await fn(
          { tool: event.toolName, sessionID: scope.sessionID(ctx), callID: event.toolCallId },
          { args },
        );
      } catch (error) {
        return { block: true, reason: errorMessage(error) };
      }
      if (JSON.stringify(args) === before) return undefined;
      return { input: fromOpencodeArgs(event.toolName, args) };
    },
  },
  {
    hook: "tool.execute.after",
    native: "tool_result",
    // opencode runs it only after a tool succeeded; a throw turns the result into the error text.
    adapt: (fn, scope) => async (event: ToolResultEvent, ctx: HookContext) => {
      if (event.isError) return undefined;
      const shown = event.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
      const args = toOpencodeArgs(event.toolName, event.input);
      const output = {
        title: titleOf(args),
        output: shown,
        metadata: isRecord(event.details) ? structuredClone(event.details) : {},
        // opencode's key for files a tool returns; hookwire's tools return content parts instead.
        attachments: undefined,
      };
      const metadata = JSON.stringify(output.metadata);
      const input = { tool: event.toolName, sessionID: scope.sessionID(ctx), callID: event.toolCallId, args };
      try {
        await fn(input, output);
      } catch (error) {
        return { content: text(errorMessage(error)), isError: true };
      }
      const result: { content?: ContentPart[]; details?: unknown } = {};
      if (output.output !== shown) result.content = text(String(output.output));
      if (JSON.stringify(output.metadata) !== metadata) result.details = output.metadata;
      return result.content || "details" in result ? result : undefined;
    },
  },
  {
    hook: "experimental.session.compacting",
    native: "session.compacting",
    adapt: (fn) => async (event: SessionCompactingEvent) => {
      const output: { context: string[]; prompt?: string } = { context: [] };
      await fn({ sessionID: event.sessionId }, output);
      return {
        ...(output.context.length > 0 ? { context: output.context.map(String) } : {}),
        ...(typeof output.prompt === "string" ? { prompt: output.prompt } : {}),
      };
    },
  },
  { hook: "dispose", native: "session_shutdown", adapt: (fn) => async () => void (await fn()) },
  {
    hook: "event",
    native: "session_start",
    adapt: (fn, scope) => async (_event: unknown, ctx: HookContext) =>
      void (await fn(busEvent("session.created", { info: { id: scope.sessionID(ctx) } }))),
  },
  {
    hook: "event",
    native: "agent_end",
    adapt: (fn, scope) => async (_event: unknown, ctx: HookContext) =>
      void (await fn(busEvent("session.idle", { sessionID: scope.sessionID(ctx) }))),
  },
  {
    hook: "event",
    native: "session_compact",
    adapt: (fn, scope) => async (_event: unknown, ctx: HookContext) =>
      void (await fn(busEvent("session.compacted", { sessionID: scope.sessionID(ctx) }))),
  },
  {
    hook: "event",
    native: "tool_result",
    adapt: (fn) => async (event: ToolResultEvent) => {
      if (event.isError || !FILE_TOOLS.has(event.toolName) || typeof event.input.path !== "string") return;
      await fn(busEvent("file.edited", { file: event.input.path }));
    },
  },
];

/** Hooks hookwire does not run, with why: a plugin using them loads, with one warning naming them. */
export const UNSUPPORTED_HOOKS: Readonly<Record<string, string>> = {
  "chat.message": "hookwire has no message-part model to hand over (opencode's UserMessage and Part objects)",
  "chat.params":
    "model parameters belong to the host's provider layer; hookwire's before_provider_request is provider-shaped",
  "chat.headers": "HTTP headers of model requests belong to the host's provider layer",
  "permission.ask":
    "hookwire's permissions are rules and tool_call verdicts, not opencode's permission objects",
  "command.execute.before":
    "slash commands in hookwire are registered commands, without opencode's message parts",
  "shell.env": "hookwire's tools take no environment from hooks; a host that wants it emits its own event",
  tool: "opencode tool definitions (zod arguments via @opencode-ai/plugin) are not registered as hookwire tools",
  auth: "provider authentication is the host's",
  provider: "model providers are the host's",
  config: "hookwire has no opencode configuration object to hand over or let plugins mutate",
  "tool.definition": "tool descriptions and schemas sent to the model are the host's",
  "experimental.chat.messages.transform": "opencode's message and part objects have no hookwire equivalent",
  "experimental.chat.system.transform": "the system prompt is the host's",
  "experimental.provider.small_model": "model selection is the host's",
  "experimental.compaction.autocontinue": "compaction continuation is the host's",
  "experimental.text.complete": "hookwire does not stream text parts to hooks",
};

/** Every hook name a mapping row uses, once. */
export const MAPPED_HOOKS: ReadonlySet<string> = new Set(OPENCODE_HOOKS.map((row) => row.hook));
