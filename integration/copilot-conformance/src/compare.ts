// The terms the Copilot CLI's and hookwire's observations are compared in: all but the tool texts, hook inputs by key fields.
import { comparableBy } from "@hookwire/conformance-kit";
import type { Observation } from "./observe.js";

/** What is compared of one observation: these input fields by value, the rest by shape. */
export const comparable = comparableBy<Observation>(
  {
    values: [
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
    ],
    extra: (input) => {
      const result = input.toolResult;
      if (typeof result !== "object" || result === null) return {};
      return { resultType: (result as Record<string, unknown>).resultType };
    },
  },
  ["toolTexts", "exit"],
);
