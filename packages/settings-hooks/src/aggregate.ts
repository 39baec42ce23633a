// Combines the results of one event's settings handlers into one decision (003 "decision control"); the event's
// catalogue entry says whether it can block and reads a verdict.
import { outranks } from "@hookwire/core/internal";
import type { AggregatedOutcome, AttributedResult } from "./dialect-kit/outcome.js";
import type { EventInfo } from "./dialect-kit/types.js";
import { brokenJsonMessage, type HookOutput } from "./protocol/output.js";

/**
 * Fold results in handler order. PreToolUse: deny > defer > ask > allow; an `updatedInput` replaces the
 * whole input, as in Claude Code (a hook that returns only the fields it changes drops the others), and
 * the last rewrite in handler order wins; `{}` or no output never erases an earlier rewrite; a `defer`
 * hook's rewrite and context are ignored, as in Claude Code. JSON on stdout counts whatever the exit
 * code: on exit 2 its context and messages are delivered next to the block.
 */
export function aggregate(
  info: Pick<EventInfo, "canBlock" | "permission">,
  results: readonly AttributedResult[],
): AggregatedOutcome {
  const outcome: AggregatedOutcome = {
    blocks: [],
    additionalContext: [],
    plainText: [],
    systemMessages: [],
    errors: [],
    warnings: [],
    extras: [],
  };
  const blockable = info.canBlock;
  // Events that read a permission verdict (PreToolUse) also take deny as a block and an input rewrite.
  const preToolUse = info.permission === true;

  const apply = (hookPath: string, output: HookOutput, decides: boolean) => {
    if (output.systemMessage) outcome.systemMessages.push({ hookPath, text: output.systemMessage });
    if (decides && output.extra) outcome.extras.push({ hookPath, value: output.extra });
    if (output.continue === false && !outcome.stop) {
      outcome.stop = { reason: output.stopReason, hookPath };
    }
    const specific = output.hookSpecificOutput;
    const decision = decides ? specific?.permissionDecision : undefined;
    if (decides && output.decision === "block" && blockable) {
      outcome.blocks.push({ hookPath, text: output.reason ?? specific?.permissionDecisionReason ?? "" });
    } else if (preToolUse && decision === "deny") {
      outcome.blocks.push({ hookPath, text: specific?.permissionDecisionReason ?? output.reason ?? "" });
    }
    if (preToolUse && (decision === "allow" || decision === "ask" || decision === "defer")) {
      if (outranks(decision, outcome.permission?.decision)) {
        outcome.permission = { decision, reason: specific?.permissionDecisionReason, hookPath };
      }
    }
    if (decision === "defer") return;
    if (specific?.additionalContext)
      outcome.additionalContext.push({ hookPath, text: specific.additionalContext });
    if (decides && preToolUse && specific?.updatedInput) {
      outcome.updatedInput = specific.updatedInput;
      outcome.updatedInputBy = hookPath;
    }
    if (decides && specific?.updatedToolOutput !== undefined) {
      outcome.updatedToolOutput = { value: specific.updatedToolOutput, hookPath };
    }
  };

  for (const { hookPath, result } of results) {
    for (const warning of result.warnings) outcome.warnings.push({ hookPath, text: warning });
    if (result.status === "error") {
      outcome.errors.push({ hookPath, text: result.message, ...(result.code ? { code: result.code } : {}) });
      if (result.output) apply(hookPath, result.output, true);
      continue;
    }
    if (result.status === "blocking") {
      // A block that a failure made (`onFailure: "block"`) is that failure too: the host hears of it.
      if (result.failure !== undefined) outcome.errors.push({ hookPath, text: result.failure });
      if (blockable) outcome.blocks.push({ hookPath, text: result.reason });
      else outcome.errors.push({ hookPath, text: result.reason });
      // The exit code already decided; the JSON adds what the model and the user should read.
      if (result.output) apply(hookPath, result.output, false);
      continue;
    }
    if (result.invalidJson !== undefined) {
      const text = brokenJsonMessage(result.invalidJson);
      outcome.errors.push({ hookPath, text, code: "HOOK_OUTPUT_INVALID" });
    }
    if (result.text) outcome.plainText.push({ hookPath, text: result.text });
    apply(hookPath, result.output, true);
  }
  return outcome;
}
