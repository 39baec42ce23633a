// The built-in tools' inputs by name, and the guard that narrows a tool_call / tool_result event to one tool.
import type { ToolCallEvent, ToolResultEvent } from "./events.js";

/**
 * The input of each built-in tool, by its native name (pi's tools and the natives hookwire's dialects map to).
 * `isToolEvent` reads it; a host or a module types its own tools by declaration merging:
 *
 * ```ts
 * declare module "@hookwire/core" {
 *   interface ToolInputMap { deploy: { target: string } }
 * }
 * ```
 */
export interface ToolInputMap {
  bash: { command: string /** seconds */; timeout?: number };
  read: { path: string; offset?: number; limit?: number };
  write: { path: string; content: string };
  /** pi 0.32 and the dialects send `oldText` / `newText`; pi 0.73 sends `edits`. */
  edit: {
    path: string;
    oldText?: string;
    newText?: string;
    replaceAll?: boolean;
    edits?: Array<{ oldText: string; newText: string }>;
  };
  grep: {
    pattern: string;
    path?: string;
    glob?: string;
    ignoreCase?: boolean;
    literal?: boolean;
    context?: number;
    limit?: number;
  };
  find: { pattern: string; path?: string; limit?: number };
  glob: { pattern: string; path?: string };
  ls: { path?: string; limit?: number };
}

/** The input of tool `K`: its `ToolInputMap` entry, else any object (a tool nothing typed). */
export type ToolInput<K extends string> = K extends keyof ToolInputMap
  ? ToolInputMap[K]
  : Record<string, unknown>;

/** A tool_call or tool_result event narrowed to tool `K`: `toolName` is `K`, `input` that tool's input. */
export type ToolEventOf<E extends ToolCallEvent | ToolResultEvent, K extends string> = K extends unknown
  ? Omit<E, "toolName" | "input"> & { toolName: K; input: ToolInput<K> }
  : never;

/**
 * Whether a tool_call or tool_result event is for tool `toolName`, narrowing `event.input` to its input:
 * `if (isToolEvent(event, "bash")) event.input.command` is a string. `event.toolName === "bash"` cannot narrow,
 * because a custom tool's `toolName` is any string, "bash" included. Only the name is checked: the fields are
 * those of the tool's schema, which the host validates (pi does; a host passing the model's input through may
 * leave one missing, and a `tool_call` handler that throws on it blocks the call).
 */
export function isToolEvent<K extends string>(
  event: ToolCallEvent,
  toolName: K,
): event is ToolEventOf<ToolCallEvent, K>;
export function isToolEvent<K extends string>(
  event: ToolResultEvent,
  toolName: K,
): event is ToolEventOf<ToolResultEvent, K>;
export function isToolEvent(event: ToolCallEvent | ToolResultEvent, toolName: string): boolean {
  return event.toolName === toolName;
}
