// pi's tool_call and tool_result through hookwire: blocks, input rewrites, permissions, context for the model.
import {
  type AttributedText,
  type CallContext,
  type ContentPart,
  errorMessage,
  type HookRunner,
  type ToolCallOutcome,
} from "@hookwire/core";
import { collectFailures, hookFailure, userFailClosedRefusal } from "@hookwire/project";
import type { RecordCall, RecordedCall } from "@hookwire/project/records";
import {
  appendAdditionalContext,
  confirmationPrompt,
  DEFAULT_BLOCK_REASON,
  resolvePermission,
} from "@hookwire/tool-wrapper";
import type {
  ExtensionContext,
  ToolCallEvent,
  ToolCallEventResult,
  ToolResultEvent,
} from "@mariozechner/pi-coding-agent";

/** What pi 1.6 adds to its tool events (the types above are pi 0.73's). */
type ToolResult16 = { parentToolCallId?: string; structuredContent?: unknown; usage?: unknown };
/** pi 1.6's id of the tool that made a nested call, when there is one. */
const nested = (event: object): { parentToolCallId?: string } => {
  const parent = (event as ToolResult16).parentToolCallId;
  return parent === undefined ? {} : { parentToolCallId: parent };
};

/** pi's tool_result answer (its type is not among the package's exports). */
type ToolResultEventResult = { content?: unknown; details?: unknown; isError?: boolean };

const NO_RULES = { allow: [], deny: [], ask: [] };

/** Replaces the contents of pi's input object: pi runs the tool with the object its event carried. */
function rewrite(target: Record<string, unknown>, next: Record<string, unknown>): void {
  if (next === target) return;
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, next);
}

/** A hook's ask is pi's confirmation, and without a UI a refusal; a defer is a refusal here (pi has no deferral). */
async function permit(
  outcome: ToolCallOutcome,
  event: ToolCallEvent,
  ctx: ExtensionContext,
  cwd: string,
): Promise<ToolCallEventResult | undefined> {
  const verdict = resolvePermission({
    outcome,
    rules: NO_RULES,
    toolName: event.toolName,
    input: event.input as Record<string, unknown>,
    cwd,
    defaultMode: "allow",
  });
  if (verdict.decision === "allow") return undefined;
  if (verdict.decision === "ask" && ctx.hasUI) {
    const { title, message } = confirmationPrompt(event.toolName, event.input as never, verdict);
    if (await ctx.ui.confirm(title, message)) return undefined;
    return { block: true, reason: `${verdict.reason} (declined)` };
  }
  const why =
    verdict.decision === "ask" ? "it needs confirmation and pi has no UI here" : "pi cannot defer a call";
  return { block: true, reason: `${verdict.reason} — refused: ${why}` };
}

/** A pi tool call as its decision record names it (pi's session id, its event name). */
export function recordedCall(event: ToolCallEvent, ctx: ExtensionContext): RecordedCall {
  const session = ctx.sessionManager?.getSessionId?.() ?? "";
  return { session, event: "tool_call", toolName: event.toolName, input: event.input };
}

/**
 * The two tool events over one runner, with the context a tool_call gave kept for its tool_result; each tool_call
 * the hooks judge leaves a decision record (`record`).
 */
export function toolEvents(runner: HookRunner, cwd: string, record: (call: RecordedCall) => RecordCall) {
  const pending = new Map<string, readonly AttributedText[]>();
  return {
    async tool_call(
      event: ToolCallEvent,
      ctx: ExtensionContext,
      call: CallContext,
    ): Promise<ToolCallEventResult | undefined> {
      if (!runner.hasHandlersFor("tool_call", event.toolName)) return undefined;
      const done = record(recordedCall(event, ctx));
      let outcome: ToolCallOutcome;
      const failing = collectFailures(call);
      const { failures } = failing;
      try {
        outcome = await runner.emit(
          {
            type: "tool_call",
            toolName: event.toolName,
            toolCallId: event.toolCallId,
            input: event.input as Record<string, unknown>,
            ...nested(event),
          },
          failing.call,
        );
      } catch (error) {
        // Fail-safe: a hook that cannot decide does not let the call through.
        const reason = errorMessage(error);
        done({ block: true, reason }, [hookFailure(error) ?? { hookPath: "hookwire", why: reason }]);
        return { block: true, reason };
      }
      // A hook that failed here (a settings command exiting 127) refuses the call where the user said so.
      const refusal = outcome.block ? undefined : userFailClosedRefusal(failures);
      if (refusal) {
        done({ block: true, reason: refusal, blockedBy: failures[0]?.hookPath }, failures);
        return { block: true, reason: refusal };
      }
      done(outcome, failures);
      if (outcome.block) return { block: true, reason: outcome.reason ?? DEFAULT_BLOCK_REASON };
      if (outcome.inputModified) rewrite(event.input as Record<string, unknown>, outcome.input);
      if (outcome.permission && outcome.permission.decision !== "allow") {
        const refused = await permit(outcome, event, ctx, cwd);
        if (refused) return refused;
      }
      if (outcome.additionalContext.length > 0) pending.set(event.toolCallId, outcome.additionalContext);
      return undefined;
    },

    async tool_result(
      event: ToolResultEvent,
      _ctx: ExtensionContext,
      call: CallContext,
    ): Promise<ToolResultEventResult | undefined> {
      const fromCall = pending.get(event.toolCallId) ?? [];
      pending.delete(event.toolCallId);
      const content = event.content as ContentPart[];
      if (!runner.hasHandlersFor("tool_result", event.toolName)) {
        if (fromCall.length === 0) return undefined;
        return { content: appendAdditionalContext(content, fromCall, []) as never };
      }
      // Every field pi gives its extensions (pi 1.6's structuredContent and usage among them).
      const after = await runner.emit({ ...(event as ToolResultEvent & ToolResult16), content }, call);
      if (!after.modified && fromCall.length === 0 && after.additionalContext.length === 0) return undefined;
      return {
        content: appendAdditionalContext(after.content, fromCall, after.additionalContext) as never,
        details: after.details,
        isError: after.isError,
      };
    },
  };
}
