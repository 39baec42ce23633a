// The one tool shape: what a host hands to the tool wrapper, and what a module registers with pi.registerTool.
import type { ContentPart } from "./messages.js";

/** What a tool's `execute` resolves to. */
export interface ToolResult<TDetails = unknown> {
  content: ContentPart[];
  details?: TDetails;
}

/** Streams a partial result while the tool runs. */
export type ToolUpdateCallback<TDetails = unknown> = (partial: ToolResult<TDetails>) => void;

/**
 * A tool the model can call: a host's own (which `@hookwire/tool-wrapper` wraps, so hooks and permission rules
 * apply) or one a module registers with `pi.registerTool` (pi 0.73's ToolDefinition), which the host offers
 * wrapped the same way (`registeredTools`).
 */
export interface ToolDefinition<TDetails = unknown, TContext = unknown> {
  name: string;
  label?: string;
  description: string;
  /** The parameter schema (JSON Schema, TypeBox, zod…); passed through untouched. */
  parameters: unknown;
  /**
   * Runs the tool. `context` is the caller's: the host's own, which the wrapper passes through untouched, or,
   * for a registered tool run through `registeredTools`, the handler context (`TContext` is `HookContext`).
   */
  execute(
    toolCallId: string,
    params: Record<string, unknown>,
    signal?: AbortSignal,
    onUpdate?: ToolUpdateCallback<TDetails>,
    context?: TContext,
  ): Promise<ToolResult<TDetails>>;
}
