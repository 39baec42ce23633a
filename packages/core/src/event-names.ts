// The runtime list of native event names, checked against the native event map.
import type { NativeEventName } from "./events.js";
import { lazyRequire } from "./lazy-require.js";

// Only "did you mean" needs it: required on the first unknown name, not with the package.
const levenshtein = lazyRequire<typeof import("fastest-levenshtein")>(import.meta.url, "fastest-levenshtein");

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
  session_before_fork: true,
  session_fork: true,
  resources_discover: true,
  input: true,
  user_bash: true,
  model_select: true,
  thinking_level_select: true,
  message_start: true,
  message_update: true,
  message_end: true,
  before_provider_request: true,
  after_provider_response: true,
  tool_execution_start: true,
  tool_execution_update: true,
  tool_execution_end: true,
  agent_before_settle: true,
  agent_settled: true,
  session_compact_failed: true,
  session_info_changed: true,
  before_provider_headers: true,
  provider_stream_event: true,
  ui_prompt_start: true,
  ui_prompt_end: true,
} satisfies Record<NativeEventName, true>;

/** The native events: every event of `NativeEventMap`, each with its policy. */
export const HOOK_EVENT_NAMES: readonly NativeEventName[] = Object.keys(names) as NativeEventName[];

/** Is this one of the native events (as opposed to a host's own or a newer host's)? */
export function isHookEventName(name: unknown): name is NativeEventName {
  return typeof name === "string" && Object.hasOwn(names, name);
}

/** The candidate closest to `name` when it is a plausible typo (distance ≤ a third of its length). */
export function didYouMean(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  const lower = name.toLowerCase();
  for (const candidate of candidates) {
    const d = levenshtein().distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.ceil(name.length / 3)) ? best : undefined;
}
