// The terms Codex's and hookwire's observations are compared in: which hook-input fields must agree in value.
import { comparableBy } from "@hookwire/conformance-kit";
import type { Observation } from "./observe.js";

/** What is compared of one observation: these input fields by value, the rest by shape. */
export const comparable = comparableBy<Observation>({
  values: [
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
  ],
});
