// HookToolWrapper: runs a tool through tool_call hooks, permission rules and tool_result hooks.
import {
  type AttributedText,
  errorMessage,
  type HookRunner,
  type ToolCallOutcome,
  type ToolDefinition,
  type ToolResult,
  type ToolUpdateCallback,
} from "@hookwire/core";
import { loadShellParser } from "@hookwire/shell-rules";
import { appendAdditionalContext, formatAttributedText } from "./additional-context.js";
import { DEFAULT_BLOCK_REASON, ToolBlockedError, ToolDeferredError, ToolFailedError } from "./errors.js";
import { frozenInput, workingCopy } from "./frozen-input.js";
import {
  type HookToolWrapperOptions,
  type ResolvedWrapperOptions,
  resolveWrapperOptions,
} from "./options.js";
import { confirmationPrompt, declinedReason, noUIReason } from "./permissions/prompt.js";
import { type PermissionResolution, resolvePermission } from "./permissions/resolve.js";
import { hasRules } from "./permissions/rules.js";
import { ToolGate } from "./tool-gate.js";

const NONE: readonly AttributedText[] = Object.freeze([]);

// What the permission step sees when no hook handles tool_call: nobody said anything.
const SILENT: Pick<ToolCallOutcome, "block" | "permission"> = Object.freeze({ block: false });

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

export class HookToolWrapper<TDetails = unknown> implements ToolDefinition<TDetails> {
  readonly name: string;
  readonly label: string | undefined;
  readonly description: string;
  readonly parameters: unknown;
  readonly tool: ToolDefinition<TDetails>;
  readonly #runner: HookRunner;
  readonly #gate: ToolGate;
  readonly #options: ResolvedWrapperOptions;
  #seenVersion = -1;
  #onCall = false;
  #onResult = false;
  /** No tool hooks and no rules: the tool's own promise is returned untouched. */
  #passThrough = false;

  constructor(tool: ToolDefinition<TDetails>, runner: HookRunner, options?: HookToolWrapperOptions) {
    this.tool = tool;
    this.name = tool.name;
    this.label = tool.label;
    this.description = tool.description;
    this.parameters = tool.parameters;
    this.#runner = runner;
    this.#gate = new ToolGate(runner);
    this.#options = resolveWrapperOptions(options);
  }

  // Not async: with no hooks and no rules the tool's own promise is returned untouched.
  execute(
    toolCallId: string,
    params: Record<string, unknown>,
    signal?: AbortSignal,
    onUpdate?: ToolUpdateCallback<TDetails>,
    context?: unknown,
  ): Promise<ToolResult<TDetails>> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    // Re-asked whenever the runner's handlers change, so a handler registered mid-session applies
    // to the next call; between changes the answer is one number compare.
    if (this.#seenVersion !== this.#runner.handlersVersion) this.#refresh();
    if (this.#passThrough) return this.tool.execute(toolCallId, params, signal, onUpdate, context);
    return this.#execute(toolCallId, params, signal, onUpdate, context, this.#onCall, this.#onResult);
  }

  #refresh(): void {
    const runner = this.#runner;
    this.#seenVersion = runner.handlersVersion;
    // Per tool: handlers that say (forTools) they never act on this tool, such as settings hooks
    // whose matchers all name other tools, cost nothing here.
    this.#onCall = runner.hasHandlersFor("tool_call", this.name);
    this.#onResult = runner.hasHandlersFor("tool_result", this.name);
    this.#passThrough = !this.#onCall && !this.#onResult && !this.#options.enforcesPermissions;
  }

  async #execute(
    toolCallId: string,
    params: Record<string, unknown>,
    signal: AbortSignal | undefined,
    onUpdate: ToolUpdateCallback<TDetails> | undefined,
    context: unknown,
    onCall: boolean,
    onResult: boolean,
  ): Promise<ToolResult<TDetails>> {
    const toolName = this.name;
    let input = params;
    let callContext = NONE;
    let outcome: Pick<ToolCallOutcome, "block" | "reason" | "blockedBy" | "permission"> = SILENT;

    if (onCall) {
      const full = await this.#gate.check({ toolName, toolCallId, input: workingCopy(params) });
      if (full.action === "deny") {
        throw new ToolBlockedError({
          toolName,
          reason: full.reason ?? DEFAULT_BLOCK_REASON,
          hookPath: full.blockedBy,
          ...(full.denied === "error" ? { cause: full.error } : {}),
        });
      }
      outcome = full;
      input = full.input;
      callContext = full.additionalContext;
    }

    // From here on, one frozen object: what the rules check is what the tool gets.
    input = frozenInput(input);
    if (this.#options.enforcesPermissions || outcome.permission) {
      await this.#authorize(toolCallId, input, outcome);
    }
    // An abort that arrived while hooks or the user were deciding still stops the tool.
    if (signal?.aborted) throw abortReason(signal);

    let result: ToolResult<TDetails>;
    try {
      result = await this.tool.execute(toolCallId, input, signal, onUpdate, context);
    } catch (error) {
      const context = onResult ? await this.#reportFailure(toolCallId, input, error) : NONE;
      if (context.length === 0 && callContext.length === 0) throw error;
      // The model reads a failed call as its error text: context for it has to travel in that text.
      throw new ToolFailedError({
        toolName,
        message: [errorMessage(error), ...[...callContext, ...context].map(formatAttributedText)].join("\n"),
        additionalContext: [...callContext, ...context],
        cause: error,
      });
    }

    if (!onResult) {
      if (callContext.length === 0) return result;
      return { ...result, content: appendAdditionalContext(result.content, callContext, NONE) };
    }
    const after = await this.#runner.emit({
      type: "tool_result",
      toolName,
      toolCallId,
      input,
      content: result.content,
      details: result.details,
      isError: false,
    });
    if (!after.modified && callContext.length === 0 && after.additionalContext.length === 0) return result;
    return {
      content: appendAdditionalContext(after.content, callContext, after.additionalContext),
      details: after.details as TDetails,
    };
  }

  /** Emits the failed tool_result; resolves the context hooks gave for the model (empty when none). */
  async #reportFailure(
    toolCallId: string,
    input: Record<string, unknown>,
    error: unknown,
  ): Promise<readonly AttributedText[]> {
    try {
      const after = await this.#runner.emit({
        type: "tool_result",
        toolName: this.name,
        toolCallId,
        input,
        content: [{ type: "text", text: errorMessage(error) }],
        details: undefined,
        isError: true,
      });
      return after.additionalContext;
    } catch {
      // Handler failures already went to runner.onError; the caller must see the tool's own error.
      return NONE;
    }
  }

  async #authorize(
    toolCallId: string,
    input: Record<string, unknown>,
    outcome: Pick<ToolCallOutcome, "block" | "reason" | "blockedBy" | "permission">,
  ): Promise<void> {
    const toolName = this.name;
    const ctx = this.#runner.createContext();
    // Bash rules read the command with the grammar; if it cannot load, they treat commands as unanalysable.
    if (hasRules(this.#options.rules)) await loadShellParser().catch(() => undefined);
    const verdict = resolvePermission({
      outcome,
      rules: this.#options.rules,
      toolName,
      input,
      cwd: this.#options.cwd ?? ctx.cwd,
      defaultMode: this.#options.defaultMode,
    });
    switch (verdict.decision) {
      case "allow":
        return;
      case "deny":
        throw blocked(toolName, verdict, verdict.reason);
      case "defer":
        throw new ToolDeferredError({
          toolName,
          toolCallId,
          hookPath: verdict.source.kind === "hook" ? verdict.source.hookPath : "(unknown hook)",
          reason: outcome.permission?.reason,
          input,
        });
      case "ask": {
        if (!this.#runner.hasUI || !ctx.hasUI)
          throw blocked(toolName, verdict, noUIReason(toolName, verdict));
        const { title, message } = confirmationPrompt(toolName, input, verdict);
        if (!(await ctx.ui.confirm(title, message))) {
          throw blocked(toolName, verdict, declinedReason(toolName, verdict));
        }
      }
    }
  }
}

function blocked(toolName: string, verdict: PermissionResolution, reason: string): ToolBlockedError {
  const { source } = verdict;
  return new ToolBlockedError({
    toolName,
    reason,
    hookPath: source.kind === "hook" ? source.hookPath : undefined,
    rule: source.kind === "rule" ? source.rule : undefined,
  });
}

/** Wrap every tool with the same runner and options; order and fields are kept. */
export function wrapTools<TDetails>(
  tools: readonly ToolDefinition<TDetails>[],
  runner: HookRunner,
  options?: HookToolWrapperOptions,
): HookToolWrapper<TDetails>[] {
  return tools.map((tool) => new HookToolWrapper(tool, runner, options));
}
