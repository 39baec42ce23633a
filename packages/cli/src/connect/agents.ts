// What connect needs of an agent's dialect besides the agent registry (`@hookwire/settings-hooks/agents`):
// the events hookwire serves in it, which of them gate tools, and how long the agent waits.
import { type AnyBridgedEvent, bridgedEvents, type Dialect, dialectById } from "@hookwire/settings-hooks";
import type { HookAgentSpec } from "@hookwire/settings-hooks/agents";

/** Seconds the agent waits for one `hookwire hook`; hookwire answers on its own a few seconds before. */
export const HOOK_TIMEOUT_SECONDS = 60;

/** The events hookwire serves inside the agent: those whose dialect spec has `asAgentHook`. */
export function servedEvents(dialect: Dialect): AnyBridgedEvent[] {
  return bridgedEvents(dialect).filter((spec) => spec.asAgentHook !== undefined);
}

/** Tool-gating events: a failure inside hookwire refuses the call there (the fail-closed ones). */
export const gatesTools = (spec: AnyBridgedEvent): boolean => spec.native === "tool_call";

export function agentDialect(agent: HookAgentSpec): Dialect {
  return dialectById(agent.dialect);
}
