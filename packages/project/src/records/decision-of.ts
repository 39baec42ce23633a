// What a call's outcome decided, as the record says it: the strongest thing a hook did and which hook did it, and
// the `error` a call where hooks failed is logged as. Every host words its records through here.
import { describeFailures, type HookFailure } from "../fail-closed.js";
import type { Decision } from "./record.js";

/** The record's verdict: the decision, why, and the hook that took it. */
export type Decided = Pick<Decision, "decision" | "reason" | "hook">;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** What the event's outcome decided, for the log: the strongest thing a hook did, and which hook did it. */
export function decisionOf(
  outcome: unknown,
  call: { asked: unknown; messages: readonly { followUp: boolean; hookPath: string }[]; untrusted: number },
): Decided {
  const o = (isRecord(outcome) ? outcome : {}) as {
    block?: boolean;
    cancel?: boolean;
    reason?: string;
    blockedBy?: string;
    inputModified?: boolean;
    permission?: { decision: string; reason?: string; hookPath: string };
  };
  const said = (reason: string | undefined) => (reason ? { reason } : {});
  if (o.block === true || o.cancel === true)
    return { decision: "block", ...said(o.reason), ...(o.blockedBy ? { hook: o.blockedBy } : {}) };
  if (call.asked !== undefined || o.permission?.decision === "ask")
    return {
      decision: "ask",
      ...said(o.permission?.reason ?? (call.asked as { question?: string } | undefined)?.question),
      ...(o.permission ? { hook: o.permission.hookPath } : {}),
    };
  if (o.permission?.decision === "allow")
    return { decision: "allow", ...said(o.permission.reason), hook: o.permission.hookPath };
  if (o.inputModified === true) return { decision: "rewrite" };
  const followUp = call.messages.find((m) => m.followUp);
  if (followUp) return { decision: "continue", hook: followUp.hookPath };
  if (call.untrusted > 0)
    return { decision: "untrusted", reason: `${call.untrusted} project hook(s) did not run: not trusted` };
  return { decision: "none" };
}

/**
 * The log's line for a call where hooks failed: `error`, naming the first failed hook and every failure,
 * and whether the call was refused (by fail-closed hooks, or by the failed hook itself). A block by a hook
 * that worked stays `block` (its reason is the decision); the failures still show in its reason.
 */
export function failureDecision(decided: Decided, failures: readonly HookFailure[]): Decided {
  if (failures.length === 0) return decided;
  const what = describeFailures(failures);
  const refused = decided.decision === "block" && failures.some((f) => f.hookPath === decided.hook);
  if (decided.decision === "block" && !refused) {
    return { ...decided, reason: `${decided.reason ?? "blocked"} (also: ${what})` };
  }
  const first = failures[0] as HookFailure;
  const after = refused ? "the call was refused" : "the call went on";
  return { decision: "error", reason: `${what}; ${after}`, hook: first.hookPath };
}
