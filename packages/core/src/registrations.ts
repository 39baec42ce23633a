// What a module registers besides handlers and commands: tools, flags, shortcuts, providers (pi 0.73).
import type { FlagOptions, RegisteredFlag, RegisteredShortcut, ShortcutOptions } from "./api.js";
import type { HookContext } from "./context.js";
import { HookwireError, typeName } from "./errors.js";
import type { ToolDefinition } from "./tool.js";

/** The runner's side of these registrations, installed with the host actions. */
export interface RegistrationHost {
  /** The value the host set for a flag (`runner.setFlagValue`), if any. */
  flagValue(name: string): boolean | string | undefined;
  /** Called when a tool is registered after the host connected (pi's refreshTools). */
  refreshTools?(): void;
  registerProvider?(name: string, config: unknown, hookPath: string): void;
  unregisterProvider?(name: string, hookPath: string): void;
}

export interface Registrations {
  readonly tools: Map<string, ToolDefinition<unknown, HookContext>>;
  readonly flags: Map<string, RegisteredFlag>;
  readonly shortcuts: Map<string, RegisteredShortcut>;
  readonly providers: Map<string, unknown>;
  /** The `pi` members that fill them. */
  readonly api: {
    registerTool(definition: ToolDefinition<unknown, HookContext>): void;
    registerFlag(name: string, options: FlagOptions): void;
    getFlag(name: string): boolean | string | undefined;
    registerShortcut(shortcut: string, options: ShortcutOptions): void;
    registerProvider(name: string, config: unknown): void;
    unregisterProvider(name: string): void;
  };
}

export function registrationError(hookPath: string, message: string): HookwireError {
  return new HookwireError("HOOK_INVALID_REGISTRATION", `Hook \`${hookPath}\`: ${message}`);
}

function nonEmpty(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

export function createRegistrations(
  hookPath: string,
  host: () => RegistrationHost | undefined,
): Registrations {
  const tools = new Map<string, ToolDefinition<unknown, HookContext>>();
  const flags = new Map<string, RegisteredFlag>();
  const shortcuts = new Map<string, RegisteredShortcut>();
  const providers = new Map<string, unknown>();
  const fail = (message: string) => registrationError(hookPath, message);

  return {
    tools,
    flags,
    shortcuts,
    providers,
    api: {
      registerTool(definition) {
        if (typeof definition !== "object" || definition === null || !nonEmpty(definition.name)) {
          throw fail(
            `pi.registerTool() expects { name, description, parameters, execute }, got ${typeName(definition)} without a name.`,
          );
        }
        if (typeof definition.execute !== "function") {
          throw fail(
            `pi.registerTool("${definition.name}") expects execute to be a function, got ${typeName(definition.execute)}.`,
          );
        }
        // As in pi: registering a name again replaces this hook's earlier definition.
        tools.set(definition.name, definition);
        host()?.refreshTools?.();
      },
      registerFlag(name, options) {
        if (!nonEmpty(name))
          throw fail(`pi.registerFlag() expects a non-empty name, got ${JSON.stringify(name)}.`);
        if (options?.type !== "boolean" && options?.type !== "string") {
          throw fail(
            `pi.registerFlag("${name}") expects type "boolean" or "string", got ${JSON.stringify(options?.type)}.`,
          );
        }
        flags.set(name, { ...options, name, hookPath });
      },
      getFlag(name) {
        const flag = flags.get(name);
        if (!flag) return undefined;
        return host()?.flagValue(name) ?? flag.default;
      },
      registerShortcut(shortcut, options) {
        if (!nonEmpty(shortcut)) {
          throw fail(
            `pi.registerShortcut() expects a key such as "ctrl+shift+p", got ${JSON.stringify(shortcut)}.`,
          );
        }
        if (typeof options?.handler !== "function") {
          throw fail(`pi.registerShortcut("${shortcut}") expects { handler: function }.`);
        }
        shortcuts.set(shortcut, { ...options, shortcut, hookPath });
      },
      registerProvider(name, config) {
        if (!nonEmpty(name))
          throw fail(`pi.registerProvider() expects a non-empty name, got ${JSON.stringify(name)}.`);
        providers.set(name, config);
        host()?.registerProvider?.(name, config, hookPath);
      },
      unregisterProvider(name) {
        providers.delete(name);
        host()?.unregisterProvider?.(name, hookPath);
      },
    },
  };
}
