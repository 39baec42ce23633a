// StopFailure: instead of Stop, when the turn ended because the model's API failed; hooks log it, they cannot change it.
import type { AgentEndEvent } from "@hookwire/core/events";
import { lastAssistantText } from "../../../dialect-kit/messages.js";
import { bridged } from "../define.js";

/** Claude Code's error kinds (the matcher's values), recognised in the failed message's error text. */
const KINDS: ReadonlyArray<[kind: string, pattern: RegExp]> = [
  ["rate_limit", /\b429\b|rate.?limit|too many requests/i],
  ["authentication_failed", /\b401\b|\b403\b|auth|api key/i],
  ["billing_error", /billing|credit|quota|payment/i],
  ["max_output_tokens", /max(imum)?.?(output.?)?tokens/i],
  ["invalid_request", /\b400\b|\b413\b|invalid.?request/i],
  ["server_error", /\b5\d\d\b|overloaded|server error|internal error/i],
];

/** The failed last assistant message of a turn (pi's `stopReason: "error"`), or `undefined` when it ended well. */
export function turnFailure(event: AgentEndEvent): { error: string; details: string } | undefined {
  const last = [...event.messages].reverse().find((message) => message.role === "assistant");
  if (last?.stopReason !== "error") return undefined;
  const details = typeof last.errorMessage === "string" ? last.errorMessage : "";
  const kind = KINDS.find(([, pattern]) => pattern.test(details))?.[0] ?? "unknown";
  return { error: kind, details };
}

export const stopFailure = bridged({
  name: "StopFailure",
  description:
    "Instead of Stop, when the turn ended because of an API error: log or alert; output is ignored.",
  native: "agent_end",
  onlyWhen: (event) => turnFailure(event) !== undefined,
  matcher: "regex",
  matcherField: "error",
  // Claude Code reads hyphens, spaces and commas in this matcher as regex text.
  matcherNames: /^[A-Za-z0-9_|]+$/,
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  session: ["prompt_id", "permission_mode"],
  input(event) {
    const failure = turnFailure(event) ?? { error: "unknown", details: "" };
    const last = lastAssistantText(event.messages);
    return {
      error: failure.error,
      error_details: failure.details,
      ...(last ? { last_assistant_message: last } : {}),
    };
  },
  // Claude Code ignores StopFailure's output and exit code: the turn has already failed.
  apply: () => undefined,
});
