// The terms two observations are compared in: everything observed but the tool texts, hook inputs as shape + key values.
import { shapeOf } from "../../claude-conformance/src/compare.js";
import type { Observation } from "./observe.js";

/** Input fields whose values must agree (the rest must agree in shape: same keys, same types). */
const VALUE_KEYS = [
  // Copilot's native input
  "toolName",
  "toolArgs",
  "prompt",
  "initialPrompt",
  "source",
  "reason",
  "stopReason",
  "stop_hook_active",
  "errorContext",
  "recoverable",
  // Claude's input, which Copilot sends to Claude-format files
  "hook_event_name",
  "tool_name",
  "tool_input",
] as const;

function pick(input: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in input) out[key] = input[key];
  return out;
}

function inputView(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return input;
  const record = input as Record<string, unknown>;
  const view: Record<string, unknown> = { shape: shapeOf(record), values: pick(record, VALUE_KEYS) };
  const result = record.toolResult;
  if (typeof result === "object" && result !== null) {
    view.resultType = (result as Record<string, unknown>).resultType;
  }
  return view;
}

/** What is compared of one observation. */
export function comparable(observation: Observation): unknown {
  const { toolTexts: _texts, exit: _exit, ...rest } = observation;
  return {
    ...rest,
    hooks: Object.fromEntries(
      Object.entries(observation.hooks).map(([name, runs]) => [name, runs.map(inputView)]),
    ),
  };
}
