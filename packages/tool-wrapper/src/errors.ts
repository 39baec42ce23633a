// The errors a wrapped tool throws instead of running: blocked, deferred, or misconfigured.
import { HookwireError } from "@hookwire/core";

export const DEFAULT_BLOCK_REASON = "Tool execution was blocked by a hook";

/** The call was denied (a hook, a permission rule, the user, or no UI to ask); the tool did not run. */
export class ToolBlockedError extends HookwireError {
  readonly toolName: string;
  /** The hook that blocked, denied or asked; `undefined` when a rule or the default decided. */
  readonly hookPath: string | undefined;
  /** The permission rule that denied or asked, as written (`Bash(rm *)`). */
  readonly rule: string | undefined;
  readonly reason: string;

  constructor(init: { toolName: string; reason: string; hookPath?: string; rule?: string; cause?: unknown }) {
    super("TOOL_BLOCKED", init.reason, { cause: init.cause });
    this.name = "ToolBlockedError";
    this.toolName = init.toolName;
    this.hookPath = init.hookPath;
    this.rule = init.rule;
    this.reason = init.reason;
  }
}

/**
 * A hook answered `permission: "defer"`: the decision belongs to the host (e.g. a remote approver).
 * The tool did not run; the host may run it later through the unwrapped tool with `input`.
 */
export class ToolDeferredError extends HookwireError {
  readonly toolName: string;
  readonly toolCallId: string;
  readonly hookPath: string;
  readonly reason: string | undefined;
  /** The input after every hook rewrite: what the tool would have run with. */
  readonly input: Record<string, unknown>;

  constructor(init: {
    toolName: string;
    toolCallId: string;
    hookPath: string;
    reason?: string;
    input: Record<string, unknown>;
  }) {
    super(
      "TOOL_DEFERRED",
      `Hook \`${init.hookPath}\` deferred the ${init.toolName} call to the host${init.reason ? `: ${init.reason}` : "."}`,
    );
    this.name = "ToolDeferredError";
    this.toolName = init.toolName;
    this.toolCallId = init.toolCallId;
    this.hookPath = init.hookPath;
    this.reason = init.reason;
    this.input = init.input;
  }
}

/** A permission rule string the rule parser refused; thrown when the wrapper is constructed. */
export class InvalidPermissionRuleError extends HookwireError {
  readonly list: "allow" | "deny" | "ask";
  readonly index: number;
  readonly rule: string;

  constructor(init: { list: "allow" | "deny" | "ask"; index: number; rule: unknown; cause: unknown }) {
    const why = init.cause instanceof Error ? init.cause.message : String(init.cause);
    super("PERMISSION_RULE_INVALID", `In permissions.${init.list}[${init.index}]: ${why}`, {
      cause: init.cause,
    });
    this.name = "InvalidPermissionRuleError";
    this.list = init.list;
    this.index = init.index;
    this.rule = typeof init.rule === "string" ? init.rule : String(init.rule);
  }
}

/**
 * The tool failed and tool_result hooks (settings: PostToolUseFailure) gave context for the model: the
 * message is the tool's own error text followed by that context, `cause` is the tool's original error.
 * Without such context the wrapper rethrows the tool's error untouched.
 */
export class ToolFailedError extends HookwireError {
  readonly toolName: string;
  readonly additionalContext: readonly { hookPath: string; text: string }[];

  constructor(init: {
    toolName: string;
    message: string;
    additionalContext: readonly { hookPath: string; text: string }[];
    cause: unknown;
  }) {
    super("TOOL_FAILED", init.message, { cause: init.cause });
    this.name = "ToolFailedError";
    this.toolName = init.toolName;
    this.additionalContext = init.additionalContext;
  }
}
