// What hookwire's hooks can do inside each agent, asked of the dialect data itself (docs/hosts.md, doctor, the adapter).
import type { NativeEventName } from "@hookwire/core";
import type { AnyBridgedEvent, Dialect, HostOutcome } from "@hookwire/settings-hooks";
import type { Effect } from "@hookwire/settings-hooks/agents";

export type { Effect };

export const EFFECTS: Readonly<Record<Effect, { label: string; native: readonly NativeEventName[] }>> = {
  deny: { label: "refuse a tool call (block)", native: ["tool_call"] },
  ask: { label: "ask the user (`ctx.ui.confirm`, permission ask)", native: ["tool_call"] },
  rewrite: { label: "rewrite a tool call's input", native: ["tool_call"] },
  context: {
    label: "add context for the model",
    native: ["tool_call", "tool_result", "before_agent_start", "session_start"],
  },
  output: { label: "replace a tool result", native: ["tool_result"] },
  refusePrompt: { label: "refuse a prompt", native: ["before_agent_start"] },
  followUp: { label: "make the agent go on (a follow-up turn)", native: ["agent_end"] },
  userMessage: { label: "show the user a line", native: [] },
  setStatus: { label: "show a status line (`ctx.ui.setStatus`)", native: [] },
};

const CALL = { type: "tool_call", toolName: "bash", toolCallId: "c", input: { command: "ls" } } as const;
const RESULT = {
  type: "tool_result",
  toolName: "bash",
  toolCallId: "c",
  input: { command: "ls" },
  content: [{ type: "text", text: "out" }],
  details: undefined,
  isError: false,
} as const;

/** The outcome that asks for one effect on one native event, as the adapter hands it to `asAgentHook`. */
function probe(effect: Effect, spec: AnyBridgedEvent): { result: HostOutcome; event: unknown } | undefined {
  const native = spec.native;
  const message = (followUp: boolean) => [{ text: "x", hookPath: "probe", followUp }];
  if (native === "tool_call") {
    const outcome = { block: false, input: CALL.input, inputModified: false, additionalContext: [] };
    const results: Partial<Record<Effect, HostOutcome>> = {
      deny: { messages: [], outcome: { ...outcome, block: true, reason: "x" } },
      ask: { messages: [], outcome, asked: { question: "x", hookPath: "probe" } },
      rewrite: { messages: [], outcome: { ...outcome, input: { command: "pwd" }, inputModified: true } },
      context: { messages: message(false), outcome },
    };
    const result = results[effect];
    return result ? { result, event: CALL } : undefined;
  }
  if (native === "tool_result") {
    const isError = spec.onlyWhen ? !spec.onlyWhen(RESULT as never) : false;
    const event = { ...RESULT, isError };
    const outcome = {
      content: event.content,
      details: undefined,
      isError,
      modified: false,
      additionalContext: [],
    };
    if (effect === "context") return { result: { messages: message(false), outcome }, event };
    if (effect === "output") {
      const replaced = { ...outcome, content: [{ type: "text", text: "new" }], modified: true };
      return { result: { messages: [], outcome: replaced }, event };
    }
    return undefined;
  }
  if (native === "before_agent_start") {
    const event = { type: native, prompt: "p" };
    if (effect === "refusePrompt")
      return { result: { messages: [], outcome: { block: true, reason: "x" } }, event };
    if (effect === "context") return { result: { messages: message(false), outcome: undefined }, event };
    return undefined;
  }
  if (native === "session_start" && effect === "context")
    return { result: { messages: message(false), outcome: undefined }, event: { type: native } };
  if (native === "agent_end" && effect === "followUp")
    return { result: { messages: message(true), outcome: undefined }, event: { type: native, messages: [] } };
  return undefined;
}

const cache = new WeakMap<AnyBridgedEvent, Map<Effect, boolean | undefined>>();

/**
 * Whether the agent applies `effect` on this event: its `asAgentHook` answers it with a field of the agent's
 * and its protocol spells that field (no "unapplied"); `undefined` where the effect does not apply to
 * the event's kind. The one source of docs/hosts.md's matrix, `doctor`'s and the adapter's checks.
 */
export function applies(dialect: Dialect, spec: AnyBridgedEvent, effect: Effect): boolean | undefined {
  const known = cache.get(spec) ?? new Map<Effect, boolean | undefined>();
  cache.set(spec, known);
  if (known.has(effect)) return known.get(effect);
  let answer: boolean | undefined;
  if (effect === "setStatus") {
    // No settings agent has a status line: hookwire keeps a hook's statuses in the session file, shown nowhere.
    answer = false;
  } else if (effect === "userMessage") {
    answer = (dialect.protocol.encode?.({ systemMessage: "x" }, spec).unapplied.length ?? 1) === 0;
  } else {
    const asked = probe(effect, spec);
    if (asked && spec.asAgentHook) {
      const reply = spec.asAgentHook.answer(asked.result as never, asked.event as never, {});
      const encoded = dialect.protocol.encode?.(reply.output, spec);
      const said = JSON.stringify(reply.output) !== "{}" && (encoded?.unapplied.length ?? 1) === 0;
      // Asking where the agent cannot comes back as a refusal: the question is not the agent's.
      const refusedInstead = effect === "ask" && spec.asAgentHook.asks !== true;
      answer = said && reply.unapplied.length === 0 && !refusedInstead;
    }
  }
  known.set(effect, answer);
  return answer;
}
