// A trusted project below the session's, where a `cd` took the agent: its own hooks run after the session project's,
// on what those left of the event, and never instead of them (a block by the session's project stands).
import type { HookEvent, NativeEventName } from "@hookwire/core";
import { displayPath } from "@hookwire/core/internal";
import type { DialectId } from "@hookwire/settings-hooks";
import type { CallSession, CallSinks, ProjectHooks, ProjectPool } from "./project-hooks.js";

type Outcome = Record<string, unknown> | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The session project's outcome ends the event: a block or a cancel is not the nested project's to undo. */
export function stopsEvent(outcome: unknown): boolean {
  return isRecord(outcome) && (outcome.block === true || outcome.cancel === true);
}

/** The event as the nested project's hooks see it: with the session project's rewrites applied. */
export function eventAfter(event: HookEvent<NativeEventName>, outcome: unknown): HookEvent<NativeEventName> {
  if (!isRecord(outcome)) return event;
  if (event.type === "tool_call" && outcome.inputModified === true)
    return { ...event, input: outcome.input } as HookEvent<NativeEventName>;
  if (event.type === "tool_result" && outcome.modified === true)
    return {
      ...event,
      content: outcome.content,
      details: outcome.details,
      isError: outcome.isError,
    } as HookEvent<NativeEventName>;
  if (event.type === "before_agent_start" && typeof outcome.systemPrompt === "string")
    return { ...event, systemPrompt: outcome.systemPrompt } as HookEvent<NativeEventName>;
  return event;
}

/** Strongest first, as the tool gate ranks a call's verdicts. */
const ACTIONS = ["deny", "ask", "allow", "rewrite", "none"];
const PERMISSIONS = ["defer", "ask", "allow"];

const rank = (order: readonly string[], value: unknown) => {
  const at = order.indexOf(String(value));
  return at === -1 ? order.length : at;
};

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The event's outcome from both projects' outcomes: the nested one's after the session one's. What each adds
 * (context, messages) is kept from both; a block by either refuses; a rewrite by either counts; the stronger
 * permission wins. Events whose outcome is one value (no lists to merge) keep the session project's unless the
 * nested one cancels.
 */
export function combineOutcomes(native: NativeEventName, first: unknown, second: unknown): unknown {
  if (!isRecord(first) || !isRecord(second))
    return isRecord(second) && stopsEvent(second) ? second : (first ?? second);
  if (native === "tool_call") {
    const context = [...listOf(first.additionalContext), ...listOf(second.additionalContext)];
    if (second.block === true) return { ...second, additionalContext: context };
    const firstPermission = (first as Outcome)?.permission as { decision?: string } | undefined;
    const secondPermission = (second as Outcome)?.permission as { decision?: string } | undefined;
    const permission =
      rank(PERMISSIONS, firstPermission?.decision) <= rank(PERMISSIONS, secondPermission?.decision)
        ? first.permission
        : second.permission;
    const inputModified = first.inputModified === true || second.inputModified === true;
    const action = rank(ACTIONS, first.action) <= rank(ACTIONS, second.action) ? first.action : second.action;
    return {
      ...second,
      inputModified,
      additionalContext: context,
      ...(permission === undefined ? {} : { permission }),
      ...(action === undefined ? {} : { action }),
    };
  }
  if (native === "tool_result")
    return {
      ...second,
      modified: first.modified === true || second.modified === true,
      additionalContext: [...listOf(first.additionalContext), ...listOf(second.additionalContext)],
    };
  if (native === "before_agent_start") {
    const messages = [...listOf(first.messages), ...listOf(second.messages)];
    return {
      ...first,
      ...second,
      ...(messages.length > 0 ? { messages, message: messages[0] } : {}),
      ...((second.systemPrompt ?? first.systemPrompt)
        ? { systemPrompt: second.systemPrompt ?? first.systemPrompt }
        : {}),
    };
  }
  return stopsEvent(second) ? second : first;
}

/**
 * The hooks of the project below the session's that `cwd` is in, if any and if it was ever trusted (a changed one
 * refuses tool calls through its own gate); a never-trusted one is said once and does not run.
 */
export async function nestedHooks(
  projects: ProjectPool,
  agent: DialectId,
  root: string,
  cwd: string,
  session: CallSession,
  sinks: { note(text: string): unknown; notLoaded(hook: string, message: string): void },
): Promise<ProjectHooks | undefined> {
  const inner = projects.roots.nestedIn(root, cwd);
  if (inner === undefined) return undefined;
  const nested = await projects.get(agent, inner, session, true);
  if (nested.trust.state !== "trusted") sinks.note(nested.trust.notice);
  if (nested.trust.state === "untrusted") return undefined;
  for (const { path: file, error } of nested.loaded.errors)
    sinks.notLoaded(displayPath(file, root), error.message);
  return nested;
}

/**
 * The event through the session project's hooks, then through the nested project's unless the first ended it;
 * `ran.nested` keeps the nested project's own outcome (whose decision it was, for the log).
 */
export async function runWithNested(
  project: ProjectHooks,
  nested: ProjectHooks | undefined,
  call: { session: CallSession; sinks: CallSinks; asks: boolean },
  event: HookEvent<NativeEventName>,
  ran: { nested?: unknown } = {},
): Promise<unknown> {
  const first = await project.run(call.session, call.sinks, event, call.asks);
  if (!nested || stopsEvent(first)) return first;
  const second = await nested.run(call.session, call.sinks, eventAfter(event, first), call.asks);
  ran.nested = second;
  return combineOutcomes(event.type as NativeEventName, first, second);
}

/**
 * Whether the event's decision is the nested project's: its own outcome decided the same, by the same hook. Its
 * block, its stronger permission, its rewrite (the last one applied) are; a question or a follow-up goes through the
 * call's shared sinks and stays the session project's.
 */
export function decidedByNested(
  decided: { decision: string; hook?: string },
  own: { decision: string; hook?: string },
): boolean {
  return own.decision !== "none" && own.decision === decided.decision && own.hook === decided.hook;
}
