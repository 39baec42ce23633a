// The terms Claude Code's and hookwire's observations are compared in: which hook-input fields must agree in value.
import { comparableBy, pick } from "@hookwire/conformance-kit";
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

/** What is compared of one observation. */
export const comparable = comparableBy<Observation>({
  values: VALUE_KEYS,
  extra: (input) => {
    const response = input.tool_response;
    if (typeof response !== "object" || response === null || Array.isArray(response)) return {};
    return { response: pick(response as Record<string, unknown>, RESPONSE_KEYS) };
  },
});
