// The runtime list of native event names, checked against the typed event map.
import { distance } from "fastest-levenshtein";
import type { HookEventName } from "./events.js";

const names = {
  session_start: true,
  session_before_switch: true,
  session_switch: true,
  session_before_branch: true,
  session_branch: true,
  session_before_compact: true,
  "session.compacting": true,
  session_compact: true,
  session_before_tree: true,
  session_tree: true,
  session_shutdown: true,
  context: true,
  before_agent_start: true,
  agent_start: true,
  agent_end: true,
  turn_start: true,
  turn_end: true,
  auto_compaction_start: true,
  auto_compaction_end: true,
  auto_retry_start: true,
  auto_retry_end: true,
  ttsr_triggered: true,
  todo_reminder: true,
  tool_call: true,
  tool_result: true,
} satisfies Record<HookEventName, true>;

export const HOOK_EVENT_NAMES: readonly HookEventName[] = Object.keys(names) as HookEventName[];

export function isHookEventName(name: unknown): name is HookEventName {
  return typeof name === "string" && Object.hasOwn(names, name);
}

/** The candidate closest to `name` when it is a plausible typo (distance ≤ a third of its length). */
export function didYouMean(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  const lower = name.toLowerCase();
  for (const candidate of candidates) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.ceil(name.length / 3)) ? best : undefined;
}
