// The one ranking of permission verdicts, shared by the tool_call policy and the settings-hook bridge.
import type { PermissionDecision } from "./events.js";

const RANK: Readonly<Record<PermissionDecision, number>> = { allow: 1, ask: 2, defer: 3, deny: 4 };

/** Whether `verdict` wins over `current` (deny > defer > ask > allow); anything wins over none. */
export function outranks(verdict: PermissionDecision, current: PermissionDecision | undefined): boolean {
  return current === undefined || RANK[verdict] > RANK[current];
}
