// The terms two observations are compared in: everything observed, with hook inputs as shape + key values.
import { shapeOf } from "../../claude-conformance/src/compare.js";
import type { Observation } from "./observe.js";

/** Input fields whose values must agree (the rest must agree in shape: same keys, same types). */
const VALUE_KEYS = [
  "hook_event_name",
  "cwd",
  "tool_name",
  "tool_input",
  "tool_response",
  "permission_mode",
  "prompt",
  "source",
  "reason",
  "stop_hook_active",
  "last_assistant_message",
] as const;

function pick(input: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in input) out[key] = input[key];
  return out;
}

function inputView(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return input;
  const record = input as Record<string, unknown>;
  return { shape: shapeOf(record), values: pick(record, VALUE_KEYS) };
}

/** What is compared of one observation. */
export function comparable(observation: Observation): unknown {
  return {
    ...observation,
    hooks: Object.fromEntries(
      Object.entries(observation.hooks).map(([name, runs]) => [name, runs.map(inputView)]),
    ),
  };
}
