// What an agent will not apply of an event's answer, as the decision log keeps it: its own `unapplied` line.
import type { AttributedText } from "@hookwire/core";
import type { Decision } from "@hookwire/project/records";

/** What hooks answered that can be traced to one hook: the texts and messages carry their hook's path. */
interface Answered {
  outcome: unknown;
  messages: readonly { followUp: boolean; hookPath: string }[];
  asked: { hookPath: string } | undefined;
}

/** A hook's question where the agent has none: hookwire refused the call instead. */
export const ASK_REFUSED = "a question to the user (the call was refused instead)";

/** The status line is pi's own; the connected agents have none (docs/hosts.md). */
export const STATUS_UNAPPLIED = "a status line (ctx.ui.setStatus)";

/** The hooks whose answer held what was dropped, as far as the outcome says (a replaced result names none). */
function hooksOf(answered: Answered): string[] {
  const outcome = (
    typeof answered.outcome === "object" && answered.outcome !== null ? answered.outcome : {}
  ) as {
    additionalContext?: AttributedText[];
    permission?: { hookPath: string };
  };
  const paths = [
    ...(outcome.additionalContext ?? []).map((text) => text.hookPath),
    outcome.permission?.hookPath ?? "",
    ...answered.messages.map((message) => message.hookPath),
    answered.asked?.hookPath ?? "",
  ];
  return [...new Set(paths.filter((hookPath) => hookPath !== "" && hookPath !== "hookwire"))];
}

/**
 * The `unapplied` decision of one event: what the agent will not apply (`what`, as the dialect names it) and
 * the hooks that answered it; `undefined` when everything applied. Logged beside the event's own decision.
 */
export function unappliedDecision(
  label: string,
  event: string,
  what: readonly string[],
  answered: Answered,
): Pick<Decision, "decision" | "reason" | "hook"> | undefined {
  if (what.length === 0) return undefined;
  const hooks = hooksOf(answered);
  return {
    decision: "unapplied",
    reason: `${label} cannot apply ${what.join(", ")} on ${event}`,
    ...(hooks.length > 0 ? { hook: hooks.join(", ") } : {}),
  };
}
