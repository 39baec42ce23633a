// An agent's hook calls' shared pieces (`asAgentHook`): an agent's stdin as native events, hookwire's outcomes as answer fields.
import { randomUUID } from "node:crypto";
import type {
  AttributedText,
  ToolCallEvent,
  ToolCallOutcome,
  ToolResultEvent,
  ToolResultOutcome,
} from "@hookwire/core";
import type { AgentEndEvent, BeforeAgentStartOutcome } from "@hookwire/core/events";
import { textOf } from "./messages.js";
import { nativeToolName, toDialectCall, toNativeInput } from "./tools.js";
import type { AgentHookSpec, HostAnswer, HostOutcome, ToolTable } from "./types.js";

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The agent's tool call as the native `tool_call` (`Bash {command}` → `bash {command}`). */
export function nativeCall(table: ToolTable, name: unknown, input: unknown, id: unknown): ToolCallEvent {
  const toolName = text(name);
  return {
    type: "tool_call",
    toolName: nativeToolName(table, toolName),
    toolCallId: text(id) || `call_${randomUUID()}`,
    input: toNativeInput(table, toolName, isRecord(input) ? input : {}),
  };
}

/**
 * The text a tool's result stands for, from any agent's `tool_response` shape: a string, Bash's
 * `{stdout, stderr}`, a read file's `{file: {content}}`, `{output}`, `{content}`, Gemini's `{llmContent}`,
 * Copilot's `{textResultForLlm}`, a file list; anything else as JSON.
 */
export function responseText(response: unknown): string {
  if (typeof response === "string") return response;
  if (!isRecord(response)) return response === undefined || response === null ? "" : JSON.stringify(response);
  if (typeof response.stdout === "string") {
    const stderr = text(response.stderr);
    return stderr === "" ? response.stdout : `${response.stdout}\n${stderr}`;
  }
  for (const key of ["textResultForLlm", "llmContent", "output", "content"] as const) {
    if (typeof response[key] === "string") return response[key];
  }
  if (isRecord(response.file) && typeof response.file.content === "string") return response.file.content;
  if (Array.isArray(response.filenames)) return response.filenames.map(String).join("\n");
  return JSON.stringify(response);
}

/** The agent's finished tool call as the native `tool_result`; its own response shape stays in `details`. */
export function nativeResult(
  table: ToolTable,
  call: { name: unknown; input: unknown; id: unknown },
  response: unknown,
  isError: boolean,
): ToolResultEvent {
  const { toolName, toolCallId, input } = nativeCall(table, call.name, call.input, call.id);
  return {
    type: "tool_result",
    toolName,
    toolCallId,
    input,
    content: [{ type: "text", text: responseText(response) }],
    details: response,
    isError,
  };
}

/** A native input rewrite as the agent's whole tool input (`path` → `file_path`, absolute). */
export function dialectInput(table: ToolTable, event: ToolCallEvent, input: Record<string, unknown>) {
  return toDialectCall(table, event.toolName, input).input;
}

/** What hooks asked the model to read, joined: their additional context, then the messages they sent. */
export function contextOf(
  texts: readonly AttributedText[],
  messages: HostOutcome["messages"],
): string | undefined {
  const all = [...texts.map((t) => t.text), ...messages.filter((m) => !m.followUp).map((m) => m.text)];
  const joined = all.filter((t) => t !== "").join("\n\n");
  return joined === "" ? undefined : joined;
}

/** The texts hooks sent with `triggerTurn`: what the agent should go on with, joined. */
export function followUpOf(messages: HostOutcome["messages"]): string | undefined {
  const all = messages.filter((m) => m.followUp && m.text !== "").map((m) => m.text);
  return all.length === 0 ? undefined : all.join("\n\n");
}

/** How a tool call's outcome reads, whatever the agent's fields: the verdict, its reason, a rewrite, context. */
export interface CallVerdict {
  decision?: "deny" | "ask" | "defer";
  reason?: string;
  /** The whole rewritten input, in the dialect's names. */
  input?: Record<string, unknown>;
  context?: string;
}

/**
 * A tool call's outcome as one verdict. An `allow` is never passed on (allow is not bypass: the agent's
 * own permission step still decides); a hook's question (`asked`) becomes `ask` where the event asks.
 */
export function callVerdict(
  table: ToolTable,
  result: HostOutcome<"tool_call">,
  event: ToolCallEvent,
): CallVerdict {
  const outcome = result.outcome as ToolCallOutcome;
  const context = contextOf(outcome.additionalContext, result.messages);
  if (outcome.block) return { decision: "deny", reason: outcome.reason ?? "Blocked by a hookwire hook" };
  const verdict: CallVerdict = {};
  const permission = outcome.permission;
  if (permission?.decision === "defer") verdict.decision = "defer";
  else if (permission?.decision === "ask" || result.asked) verdict.decision = "ask";
  if (verdict.decision) verdict.reason = permission?.reason ?? result.asked?.question ?? "A hook asks";
  if (outcome.inputModified) verdict.input = dialectInput(table, event, outcome.input);
  if (context !== undefined) verdict.context = context;
  return verdict;
}

/** A tool result's outcome: the new text for the model when hooks replaced it, their context, a changed error flag. */
export function resultVerdict(result: HostOutcome<"tool_result">, event: ToolResultEvent) {
  const outcome = result.outcome as ToolResultOutcome;
  const replaced = outcome.modified && textOf(outcome.content) !== textOf(event.content);
  return {
    content: replaced ? textOf(outcome.content) : undefined,
    context: contextOf(outcome.additionalContext, result.messages),
    errorChanged: outcome.isError !== event.isError,
  };
}

/** A prompt's outcome: refused with a reason, and the context hooks gave (their messages). */
export function promptVerdict(result: HostOutcome<"before_agent_start">) {
  const outcome = result.outcome as BeforeAgentStartOutcome | undefined;
  const messages = (outcome?.messages ?? (outcome?.message ? [outcome.message] : [])).map((message) => ({
    text: typeof message.content === "string" ? message.content : textOf(message.content as never),
    hookPath: "",
    followUp: false,
  }));
  return {
    block: outcome?.block === true,
    reason: outcome?.reason,
    context: contextOf([], [...messages, ...result.messages]),
    systemPrompt: outcome?.systemPrompt !== undefined,
  };
}

/** Standard wording of what an agent cannot apply, shared by every dialect's answers. */
export const UNAPPLIED = {
  rewrite: "a rewritten tool input",
  context: "additional context for the model",
  ask: "a question to the user",
  output: "a replaced tool result",
  error: "a changed error flag of a tool result",
  systemPrompt: "a changed system prompt",
  followUp: "a follow-up turn",
  message: "a message for the user",
} as const;

/** The agent's last answer as the native `agent_end`'s messages (all an agent's Stop stdin says of them). */
export function endMessages(lastText: unknown): AgentEndEvent["messages"] {
  const last = text(lastText);
  return last === "" ? [] : [{ role: "assistant", content: [{ type: "text", text: last }] }];
}

/** What an event that only observes (a session's end) cannot carry: any text hooks produced. */
export function observeOnly(result: HostOutcome): HostAnswer {
  return { output: {}, unapplied: result.messages.length > 0 ? [UNAPPLIED.message] : [] };
}

/**
 * The reverse of events every dialect answers alike in hookwire's output terms (each protocol's `encode`
 * spells them its way): a prompt refused or given context, a session's start context, its end, and a
 * stop that makes the agent go on (`event` reads Claude Code's and Codex's `last_assistant_message`).
 */
export const commonAgentHook = {
  prompt: (name: string): AgentHookSpec<"before_agent_start"> => ({
    event: (stdin) => ({ type: "before_agent_start", prompt: text(stdin.prompt) }),
    answer(result) {
      const verdict = promptVerdict(result);
      const unapplied: string[] = [];
      if (verdict.systemPrompt) unapplied.push(UNAPPLIED.systemPrompt);
      if (followUpOf(result.messages)) unapplied.push(UNAPPLIED.followUp);
      if (verdict.block) {
        return {
          output: { decision: "block", reason: verdict.reason || "Refused by a hookwire hook" },
          unapplied,
        };
      }
      return {
        output: verdict.context
          ? { hookSpecificOutput: { hookEventName: name, additionalContext: verdict.context } }
          : {},
        unapplied,
      };
    },
  }),
  sessionStart: (name: string): AgentHookSpec<"session_start"> => ({
    event: (stdin) => ({ type: "session_start", reason: text(stdin.source) || "startup" }),
    answer(result) {
      const context = contextOf([], result.messages);
      return {
        output: context ? { hookSpecificOutput: { hookEventName: name, additionalContext: context } } : {},
        unapplied: followUpOf(result.messages) ? [UNAPPLIED.followUp] : [],
      };
    },
  }),
  sessionEnd: {
    event: (stdin) => ({ type: "session_shutdown", reason: text(stdin.reason) || "other" }),
    answer: observeOnly,
  } satisfies AgentHookSpec<"session_shutdown">,
  stop: {
    event: (stdin) => ({ type: "agent_end", messages: endMessages(stdin.last_assistant_message) }),
    answer(result) {
      const followUp = followUpOf(result.messages);
      return {
        output: followUp ? { decision: "block", reason: followUp } : {},
        unapplied: contextOf([], result.messages) ? [UNAPPLIED.context] : [],
      };
    },
  } satisfies AgentHookSpec<"agent_end">,
};
