// The terms two observations are compared in: everything observed, with hook inputs as shape + key values.
import type { Observation } from "./observe.js";

/** Input fields whose values must agree (the rest must agree in shape: same keys, same types). */
const VALUE_KEYS = [
  "hook_event_name",
  "tool_name",
  "tool_input",
  "prompt",
  "prompt_response",
  "source",
  "reason",
  "trigger",
  "stop_hook_active",
  "notification_type",
  "original_request_name",
] as const;

/**
 * Model payloads are compared by their top-level keys only: their insides are the SDK's request and
 * response (generation config, safety settings…), which a host builds its own way.
 */
const PAYLOAD_KEYS = new Set(["llm_request", "llm_response"]);

/** Keys with their value types, recursively; arrays by the shape of their elements. */
export function shapeOf(value: unknown, depth = Number.POSITIVE_INFINITY): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "array" : ["array of", shapeOf(value[0], depth - 1)];
  if (typeof value === "object") {
    if (depth <= 0) return "object";
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return Object.fromEntries(
      entries.map(([k, v]) => [k, PAYLOAD_KEYS.has(k) ? shapeOf(v, 1) : shapeOf(v, depth - 1)]),
    );
  }
  return typeof value;
}

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
