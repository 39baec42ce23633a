// What one event's settings handlers answered, attributed and folded: the contract's own types.
import type { AttributedText } from "@hookwire/core";
import type { HandlerResult } from "../protocol/output.js";

/** One handler's result, in the order the handlers are listed (settings source order, then handler order). */
export interface AttributedResult {
  hookPath: string;
  result: HandlerResult;
}

export interface AggregatedOutcome {
  /** Exit 2, `decision: "block"` or (PreToolUse) `permissionDecision: "deny"`; reasons in handler order. */
  blocks: AttributedText[];
  /** `continue: false`: the agent stops; the first hook that asked wins. */
  stop?: { reason?: string; hookPath: string };
  /** PreToolUse: the strongest non-deny verdict (defer > ask > allow). */
  permission?: { decision: "allow" | "ask" | "defer"; reason?: string; hookPath: string };
  /** PreToolUse: the last rewrite in handler order, the whole new input (settings shape). */
  updatedInput?: Record<string, unknown>;
  /** The hook that gave `updatedInput`. */
  updatedInputBy?: string;
  /** PostToolUse: the last replacement in handler order. */
  updatedToolOutput?: { value: unknown; hookPath: string };
  additionalContext: AttributedText[];
  /** Exit-0 stdout that was not JSON. */
  plainText: AttributedText[];
  systemMessages: AttributedText[];
  /** Non-blocking errors, and exit 2 on events that cannot block; `code` when the error has a stable one. */
  errors: Array<AttributedText & { code?: string }>;
  warnings: AttributedText[];
  /** Dialect-only fields (`HookOutput.extra`) of each handler that gave some, in handler order. */
  extras: Array<{ hookPath: string; value: Record<string, unknown> }>;
}
