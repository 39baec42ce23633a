// Executors the host registers for handler types hookwire cannot run itself (mcp_tool, prompt, agent).
import { SettingsError } from "../errors.js";
import type { HostHandlerConfig, SettingsHandler } from "../types.js";

/**
 * A handler's whole stdin, as its dialect's protocol built it: `hook_event_name` and the dialect's common fields
 * around the event's own (Claude Code's shape is `HookInput`).
 */
export type HandlerInput = { readonly hook_event_name: string } & Readonly<Record<string, unknown>>;

export interface ExecutorContext {
  handler: SettingsHandler;
  /** Aborted at the handler's timeout or when the session ends. */
  signal: AbortSignal;
  timeoutMs: number;
}

/**
 * Runs one handler and answers like a command's stdout: a JSON output object, plain text, or
 * nothing. Throwing is a non-blocking error; block with `{decision: "block"}` or
 * `permissionDecision: "deny"` like any hook.
 */
export type HandlerExecutor = (
  config: HostHandlerConfig,
  input: HandlerInput,
  context: ExecutorContext,
) => Promise<Record<string, unknown> | string | undefined> | Record<string, unknown> | string | undefined;

/** Executors by handler type. Each bridge can have its own; lookups fall back to the default one. */
export class HandlerTypeRegistry {
  readonly #executors = new Map<string, HandlerExecutor>();

  /** Register `executor` for `type`; returns the undo. Throws on a bad type or a non-function. */
  register(type: string, executor: HandlerExecutor): () => void {
    if (type === "command" || type === "http") {
      throw new SettingsError(
        "INVALID_HANDLER_TYPE",
        `registerHandlerType("${type}"): "${type}" handlers are built in and cannot be replaced.`,
      );
    }
    if (typeof type !== "string" || type === "") {
      throw new SettingsError(
        "INVALID_HANDLER_TYPE",
        "registerHandlerType(type, executor) expects a non-empty type name.",
      );
    }
    if (typeof executor !== "function") {
      throw new SettingsError(
        "INVALID_HANDLER_TYPE",
        `registerHandlerType("${type}", executor) expects a function, got ${typeof executor}.`,
      );
    }
    this.#executors.set(type, executor);
    return () => {
      if (this.#executors.get(type) === executor) this.#executors.delete(type);
    };
  }

  get(type: string): HandlerExecutor | undefined {
    return this.#executors.get(type);
  }

  types(): string[] {
    return [...this.#executors.keys()];
  }
}

/** The registry every bridge falls back to. */
export const defaultHandlerTypes = new HandlerTypeRegistry();

/** Register an executor in the default registry; returns the undo. */
export function registerHandlerType(type: string, executor: HandlerExecutor): () => void {
  return defaultHandlerTypes.register(type, executor);
}

export function findExecutor(type: string, registry?: HandlerTypeRegistry): HandlerExecutor | undefined {
  return registry?.get(type) ?? defaultHandlerTypes.get(type);
}
