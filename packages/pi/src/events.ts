// What each pi event becomes in hookwire's runner, and what hookwire's combined result becomes for pi: one table.
import type { AnyHookEvent, CallContext, HookMessage, HookRunner } from "@hookwire/core";
import type { BeforeAgentStartEvent } from "@hookwire/core/events";
import type { RecordCall, RecordedCall } from "@hookwire/project/records";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { toolEvents } from "./tool-events.js";

/**
 * The events pi emits to extensions (its `ExtensionAPI.on` overloads) that hookwire's hooks receive: pi 0.73's, then
 * pi 1.6's new ones (an older pi never emits those). `PI_OWN_EVENTS` has the rest of pi 1.6's, with why.
 */
export const PI_EVENTS = [
  "resources_discover",
  "session_start",
  "session_before_switch",
  "session_before_fork",
  "session_before_compact",
  "session_compact",
  "session_shutdown",
  "session_before_tree",
  "session_tree",
  "context",
  "before_provider_request",
  "after_provider_response",
  "before_agent_start",
  "agent_start",
  "agent_end",
  "turn_start",
  "turn_end",
  "message_start",
  "message_update",
  "message_end",
  "tool_execution_start",
  "tool_execution_update",
  "tool_execution_end",
  "model_select",
  "thinking_level_select",
  "tool_call",
  "tool_result",
  "user_bash",
  "input",
  "agent_before_settle",
  "agent_settled",
  "session_compact_failed",
  "session_info_changed",
  "before_provider_headers",
  "provider_stream_event",
  "ui_prompt_start",
  "ui_prompt_end",
] as const;

/**
 * pi 1.6's events hookwire leaves to pi, and why: a hookwire hook that subscribes to one is told hookwire does not
 * emit it (`HOOK_UNKNOWN_EVENT`). packages/pi/README.md says the same to users.
 */
export const PI_OWN_EVENTS = {
  project_trust:
    "pi's own trust of a project (its packages, extensions, skills and settings); hookwire's trust covers hooks only, and a project's hooks run after both",
  context_with_system:
    "the context with pi's system prompt; hookwire's context handlers already edit the messages on `context`",
  cache_warming_decision: "pi's prompt-cache warming, decided inside pi",
  mcp_servers_change: "pi's MCP server registry, which hookwire has no part in",
} as const;

export type PiEvent = (typeof PI_EVENTS)[number];

// biome-ignore lint/suspicious/noExplicitAny: each pi event has its own payload; the table is keyed by name.
type Forward = (event: any, ctx: ExtensionContext, call: CallContext) => Promise<unknown>;

/** Several hooks' before_agent_start messages as the one message an extension returns (pi keeps one per handler). */
export function oneMessage(messages: readonly HookMessage[]): HookMessage | undefined {
  if (messages.length <= 1) return messages[0];
  const text = (message: HookMessage) =>
    typeof message.content === "string"
      ? message.content
      : message.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
  return {
    customType: messages[0]?.customType ?? "hookwire",
    content: messages.map(text).join("\n\n"),
    display: messages.some((message) => message.display),
  };
}

/**
 * Per pi event: emit it to the runner and answer pi in its own result shape. Events not listed pass through
 * as they are and answer nothing (notifications). A prompt a hook refuses cannot be taken back once pi emits
 * before_agent_start, so the run stops at agent_start, before the model is called.
 */
export function piEvents(
  runner: HookRunner,
  cwd: string,
  refuse: (ctx: ExtensionContext, reason: string) => void,
  record: (call: RecordedCall) => RecordCall,
) {
  const tools = toolEvents(runner, cwd, record);
  const emit = (event: unknown, call: CallContext) =>
    runner.emit(event as AnyHookEvent, call) as Promise<unknown>;
  let refused: string | undefined;
  const table: Partial<Record<PiEvent, Forward>> = {
    tool_call: tools.tool_call,
    tool_result: tools.tool_result,
    context: async (event, _ctx, call) => ({
      messages: await runner.emit({ type: "context", messages: event.messages }, call),
    }),
    before_agent_start: async (event, ctx, call) => {
      // Every field pi gives its extensions (pi 1.6's messageType, and message for a run a message started).
      const outcome = await runner.emit(
        { ...(event as BeforeAgentStartEvent), type: "before_agent_start" },
        call,
      );
      if (!outcome) return undefined;
      if (outcome.block) {
        refused = outcome.reason ?? "A hook refused the prompt";
        refuse(ctx, refused);
        return undefined;
      }
      const message = oneMessage(outcome.messages ?? (outcome.message ? [outcome.message] : []));
      if (!message && outcome.systemPrompt === undefined) return undefined;
      return { message, systemPrompt: outcome.systemPrompt };
    },
    agent_start: async (event, ctx, call) => {
      if (refused !== undefined) {
        refused = undefined;
        ctx.abort();
        return undefined;
      }
      return emit(event, call);
    },
    resources_discover: async (event, _ctx, call) => {
      const outcome = (await emit(event, call)) as Record<string, Array<{ path: string }>>;
      const paths = (key: string) => (outcome[key] ?? []).map((item) => item.path);
      return {
        skillPaths: paths("skillPaths"),
        promptPaths: paths("promptPaths"),
        themePaths: paths("themePaths"),
      };
    },
    message_end: async (event, _ctx, call) => {
      const message = await emit(event, call);
      return message ? { message } : undefined;
    },
  };
  const pass: Forward = async (event, _ctx, call) => (await emit(event, call)) ?? undefined;
  return {
    handler(name: PiEvent): Forward {
      return table[name] ?? pass;
    },
    /**
     * Whether hookwire has work on this event: agent_start also ends a refused prompt, tool_result also carries
     * a tool_call's context to the model.
     */
    wanted(name: PiEvent): boolean {
      if (runner.hasHandlers(name)) return true;
      if (name === "agent_start") return runner.hasHandlers("before_agent_start");
      return name === "tool_result" && runner.hasHandlers("tool_call");
    },
  };
}
