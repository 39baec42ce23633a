// The tool shape hosts hand to the wrapper, and what its execute resolves to.
import type { ContentPart } from "@hookwire/core";

export interface ToolResult<TDetails = unknown> {
  content: ContentPart[];
  details?: TDetails;
}

/** Streams a partial result while the tool runs. */
export type ToolUpdateCallback<TDetails = unknown> = (partial: ToolResult<TDetails>) => void;

export interface AgentTool<TDetails = unknown> {
  name: string;
  label?: string;
  description: string;
  /** The tool's parameter schema (JSON Schema, TypeBox, zod…); passed through untouched. */
  parameters: unknown;
  execute(
    toolCallId: string,
    params: Record<string, unknown>,
    signal?: AbortSignal,
    onUpdate?: ToolUpdateCallback<TDetails>,
    /** Host-specific context for the tool; passed through untouched. */
    context?: unknown,
  ): Promise<ToolResult<TDetails>>;
}
