// The terms Gemini CLI's and hookwire's observations are compared in: which hook-input fields must agree in value.
import { comparableBy } from "@hookwire/conformance-kit";
import type { Observation } from "./observe.js";

/** What is compared of one observation: these input fields by value, the rest by shape. */
export const comparable = comparableBy<Observation>({
  values: [
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
  ],
  // Model payloads by their top-level keys only: their insides are the SDK's request and response
  // (generation config, safety settings…), which a host builds its own way.
  shallow: ["llm_request", "llm_response"],
});
