// PostToolUse: after a tool ran; a block or `continue: false` replaces what the model reads, context is added.
import type { ToolResultEventResult } from "@hookwire/core";
import { nativeResult, resultVerdict, UNAPPLIED } from "../../../dialect-kit/agent-hook.js";
import { blockReason, textOf } from "../../../dialect-kit/messages.js";
import type { HookOutput } from "../../../protocol/output.js";
import { bridged, modelField, TURN_FIELDS } from "../define.js";
import { codexTools } from "../tools.js";

export const postToolUse = bridged({
  name: "PostToolUse",
  description: "After a tool call ran: replace what the model reads with a reason, or add context.",
  native: "tool_result",
  onlyWhen: (event) => !event.isError,
  matcher: "regex",
  matcherField: "tool_name",
  matcherNames: /^[A-Za-z0-9_|]+$/,
  canBlock: true,
  // `continue: false` does not end Codex's turn: its stopReason replaces the output, like a block.
  canStop: false,
  tool: true,
  defaultTimeout: 600,
  session: TURN_FIELDS,
  input: (event, { tool, hook }) => ({
    ...modelField(hook),
    tool_name: tool?.name ?? event.toolName,
    tool_input: tool?.input ?? event.input,
    // Codex hands hooks the command's output as one string.
    tool_response: textOf(event.content),
    tool_use_id: event.toolCallId,
  }),
  asAgentHook: {
    event: (stdin) =>
      nativeResult(
        codexTools,
        { name: stdin.tool_name, input: stdin.tool_input, id: stdin.tool_use_id },
        stdin.tool_response,
        false,
      ),
    answer(result, event) {
      const verdict = resultVerdict(result, event);
      const output: HookOutput = {};
      // A block is how Codex replaces what the model reads of a call that ran: its reason is the new text.
      if (verdict.content !== undefined) {
        output.decision = "block";
        output.reason = verdict.content || " ";
      }
      if (verdict.context)
        output.hookSpecificOutput = { hookEventName: "PostToolUse", additionalContext: verdict.context };
      return { output, unapplied: verdict.errorChanged ? [UNAPPLIED.error] : [] };
    },
  },
  apply(outcome, { results }) {
    const result: ToolResultEventResult = {};
    // `canStop` is false, so the bridge keeps the turn going; the answer itself still says what to show.
    const stopped = results.find((r) => r.result.output?.continue === false)?.result.output;
    const replacement =
      outcome.blocks.length > 0
        ? blockReason(outcome.blocks)
        : stopped
          ? stopped.stopReason || "Stopped by a Codex hook"
          : undefined;
    if (replacement !== undefined) result.content = [{ type: "text", text: replacement }];
    if (outcome.additionalContext.length > 0) result.additionalContext = outcome.additionalContext;
    return Object.keys(result).length > 0 ? result : undefined;
  },
});
