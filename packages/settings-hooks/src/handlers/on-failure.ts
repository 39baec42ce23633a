// A handler that failed (an error, a timeout, output it cannot read): what failed, and the block `onFailure: "block"` makes of it.
import { findEvent, isBridged } from "../dialect-kit/catalogue.js";
import type { Dialect } from "../dialect-kit/types.js";
import type { HandlerResult } from "../protocol/output.js";

/** `onFailure`: Claude Code's handler field (2.1.332), read in every format hookwire runs. */
export type OnFailure = "continue" | "block";

/**
 * Why a handler's run failed, or `undefined` when it answered: an error (it could not start, exited
 * other than 0 or 2, was killed, timed out, threw) or output that looks like JSON and does not parse.
 * Plain text is an answer, as in Claude Code (`onFailure: "block"` lets it through: recorded).
 */
export function failureOf(result: HandlerResult): string | undefined {
  if (result.status === "error") return result.message === "cancelled" ? undefined : result.message;
  if (result.status === "success" && result.invalidJson !== undefined)
    return "its output looks like JSON but does not parse";
  return undefined;
}

/**
 * Whether a failure there can refuse something: an event whose block stops an action (a tool call, a
 * prompt, a permission request; PostToolUse hands the reason to the model), not one where a block means
 * "go on" (Stop) or nothing. Claude Code ignores `onFailure` on Setup, SessionStart, Stop, SubagentStop,
 * TaskCompleted and TeammateIdle; of those hookwire runs SessionStart (which cannot block) and Stop.
 */
export function failureCanBlock(dialect: Dialect, event: string): boolean {
  const spec = findEvent(dialect, event);
  if (!spec?.canBlock || !isBridged(spec)) return false;
  return spec.native !== "agent_end" && spec.native !== "session_start";
}

/**
 * A failed run of a handler with `onFailure: "block"` on an event that can block: a block whose reason
 * names what failed (the model reads it, as it reads a hook's exit-2 stderr). Anything else as it was.
 */
export function blockOnFailure(result: HandlerResult, onFailure: unknown, canBlock: boolean): HandlerResult {
  if (onFailure !== "block" || !canBlock) return result;
  const why = failureOf(result);
  if (why === undefined) return result;
  const blocked: HandlerResult = {
    status: "blocking",
    reason: `hook failed (onFailure "block"): ${why}`,
    warnings: result.warnings,
    failure: why,
  };
  if (result.status !== "success" && result.output) blocked.output = result.output;
  if (result.debug) blocked.debug = result.debug;
  return blocked;
}
