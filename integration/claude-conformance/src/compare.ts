// The terms two observations are compared in: everything observed, with hook inputs as shape + key values.
import type { Observation } from "./observe.js";

/** Input fields whose values must agree (the rest must agree in shape: same keys, same types). */
const VALUE_KEYS = [
  "hook_event_name",
  "tool_name",
  "tool_input",
  "permission_mode",
  "prompt",
  "source",
  "reason",
  "stop_hook_active",
  "last_assistant_message",
  "trigger",
  "is_interrupt",
] as const;

/** Values inside `tool_response` hooks commonly read (`jq .tool_response.stdout`). */
const RESPONSE_KEYS = ["stdout", "stderr", "interrupted", "type", "filePath", "content", "mode", "numFiles"];

/** Keys with their value types, recursively; arrays by the shape of their elements. */
export function shapeOf(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "array" : ["array of", shapeOf(value[0])];
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return Object.fromEntries(entries.map(([k, v]) => [k, shapeOf(v)]));
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
  const view: Record<string, unknown> = { shape: shapeOf(record), values: pick(record, VALUE_KEYS) };
  const response = record.tool_response;
  if (typeof response === "object" && response !== null && !Array.isArray(response)) {
    view.response = pick(response as Record<string, unknown>, RESPONSE_KEYS);
  }
  return view;
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
