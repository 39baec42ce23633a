// The host actions a module may call through `pi` (pi 0.73's extension API), in one table.
import type { ModelInfo } from "./events.js";
import type { ContentPart } from "./messages.js";

export interface SendUserMessageOptions {
  /** While the agent is streaming: inject now ("steer") or after the run ("followUp"). */
  deliverAs?: "steer" | "followUp";
}

/** A tool as `getAllTools` describes it. */
export interface ToolInfo {
  name: string;
  description?: string;
  parameters?: unknown;
  [key: string]: unknown;
}

/** A slash command as `getCommands` describes it. */
export interface CommandInfo {
  name: string;
  description?: string;
  source?: string;
  [key: string]: unknown;
}

/**
 * What the host does when a module calls the `pi` method of the same name. Each is optional: a module
 * calling one the host did not install gets `HOOK_ACTION_UNAVAILABLE` naming the method and the fix.
 */
export interface HostActions {
  sendUserMessage(
    content: string | ContentPart[],
    options: SendUserMessageOptions | undefined,
    hookPath: string,
  ): void;
  setSessionName(name: string, hookPath: string): void;
  getSessionName(hookPath: string): string | undefined;
  setLabel(entryId: string, label: string | undefined, hookPath: string): void;
  getActiveTools(hookPath: string): string[];
  getAllTools(hookPath: string): ToolInfo[];
  setActiveTools(toolNames: string[], hookPath: string): void;
  getCommands(hookPath: string): CommandInfo[];
  /** Resolves `false` when the model has no credentials (pi's rule). */
  setModel(model: ModelInfo, hookPath: string): Promise<boolean>;
  getThinkingLevel(hookPath: string): string;
  setThinkingLevel(level: string, hookPath: string): void;
}

export type HostActionName = keyof HostActions;

/** Every host action, and whether it answers with a promise (its absence then rejects instead of throwing). */
export const HOST_ACTIONS = {
  sendUserMessage: "sync",
  setSessionName: "sync",
  getSessionName: "sync",
  setLabel: "sync",
  getActiveTools: "sync",
  getAllTools: "sync",
  setActiveTools: "sync",
  getCommands: "sync",
  setModel: "async",
  getThinkingLevel: "sync",
  setThinkingLevel: "sync",
} as const satisfies Record<HostActionName, "sync" | "async">;

/** The `pi` methods the table produces: the host action without its trailing `hookPath`. */
export type HostActionMethods = {
  [K in HostActionName]: HostActions[K] extends (...args: [...infer A, string]) => infer R
    ? (...args: A) => R
    : never;
};
