// Turns an OpenCode plugin module into a hookwire hook factory: runs its factories, maps their hooks (hook-table.ts).
import { randomUUID } from "node:crypto";
import path from "node:path";
import {
  errorMessage,
  type HookAPI,
  type HookContext,
  type HookFactory,
  HookwireError,
} from "@hookwire/core";
import { typeName } from "@hookwire/core/internal";
import { pluginInput, projectOf } from "./context.js";
import {
  MAPPED_HOOKS,
  OPENCODE_HOOKS,
  type PluginHook,
  type PluginScope,
  UNSUPPORTED_HOOKS,
} from "./hook-table.js";

// biome-ignore lint/suspicious/noExplicitAny: a plugin factory's argument and result are the plugin's business.
type PluginFactory = (input: any, options?: Record<string, unknown>) => unknown;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The factories of a module, as opencode 1.18 reads them: a default export `{ id?, server }` (the v1 form), else
 * every export (each function once), each a function or `{ server }`. Anything else fails the whole module.
 */
export function pluginFactories(namespace: unknown): PluginFactory[] | string {
  if (!isRecord(namespace) && typeof namespace !== "function")
    return `exports nothing (got ${typeName(namespace)})`;
  const exports = typeof namespace === "function" ? { default: namespace } : namespace;
  const main = exports.default;
  if (isRecord(main) && ("id" in main || "server" in main || "tui" in main)) {
    if (typeof main.server === "function") return [main.server as PluginFactory];
    return "default-exports an object without a server() function (a TUI plugin); hookwire runs server plugins only";
  }
  const seen = new Set<unknown>();
  const factories: PluginFactory[] = [];
  // In export-name order, as an ES module namespace lists them (opencode iterates the namespace); a module
  // run by hookwire's module runner may hand over its exports in declaration order.
  for (const name of Object.keys(exports).sort()) {
    const value = exports[name];
    if (seen.has(value)) continue;
    seen.add(value);
    const factory = typeof value === "function" ? value : isRecord(value) ? value.server : undefined;
    if (typeof factory !== "function") {
      return `export \`${name}\` is ${typeName(value)}; every export of a plugin module must be a plugin function (opencode: "Plugin export is not a function")`;
    }
    factories.push(factory as PluginFactory);
  }
  if (factories.length === 0)
    return "exports no plugin function; expected `export const MyPlugin = async (ctx) => ({ … })`";
  return factories;
}

function scopeOf(hookPath: string): PluginScope {
  const fallback = `ses_hookwire_${randomUUID().replaceAll("-", "")}`;
  return {
    hookPath,
    sessionID(ctx: HookContext | undefined) {
      const file = ctx?.sessionManager?.getSessionFile?.();
      return file ? path.basename(file, path.extname(file)) : fallback;
    },
  };
}

function register(
  pi: HookAPI,
  hooks: Record<string, unknown>,
  scope: PluginScope,
  warnings: HookwireError[],
) {
  for (const row of OPENCODE_HOOKS) {
    const fn = hooks[row.hook];
    if (typeof fn === "function") pi.on(row.native, row.adapt(fn as PluginHook, scope));
  }
  const unsupported = Object.keys(hooks).filter(
    (name) => !MAPPED_HOOKS.has(name) && hooks[name] !== undefined,
  );
  if (unsupported.length === 0) return;
  const described = unsupported.map((name) =>
    name in UNSUPPORTED_HOOKS
      ? `"${name}" (${UNSUPPORTED_HOOKS[name]})`
      : `"${name}" (not an opencode hook hookwire knows)`,
  );
  warnings.push(
    new HookwireError(
      "OPENCODE_HOOK_UNSUPPORTED",
      `OpenCode plugin \`${scope.hookPath}\` uses hooks hookwire does not run: ${described.join("; ")}. The other hooks run.`,
    ),
  );
}

export interface OpencodePlugin {
  factory: HookFactory;
  /** Filled while the factory runs: unsupported hooks, and a factory that failed after others loaded. */
  warnings: HookwireError[];
}

/**
 * One hookwire hook for the whole module. Factories run in export order with the same input, as in opencode;
 * when one throws, the ones before it keep their hooks (a guard next to a broken plugin still guards) and the
 * rest do not run; when the first throws, the module fails to load.
 */
export function opencodePlugin(
  factories: readonly PluginFactory[],
  init: { hookPath: string; cwd: string; options?: Record<string, unknown> },
): OpencodePlugin {
  const warnings: HookwireError[] = [];
  const factory: HookFactory = async (pi) => {
    const scope = scopeOf(init.hookPath);
    const input = pluginInput(init.hookPath, init.cwd, await projectOf(init.cwd));
    let loaded = 0;
    for (const make of factories) {
      let hooks: unknown;
      try {
        hooks = await make(input, init.options);
      } catch (error) {
        if (loaded === 0) throw error;
        warnings.push(
          new HookwireError(
            "OPENCODE_PLUGIN_FAILED",
            `OpenCode plugin \`${init.hookPath}\`: factory ${loaded + 1} of ${factories.length} threw (${errorMessage(error)}); the ${loaded} before it run, the rest do not.`,
            { cause: error },
          ),
        );
        return;
      }
      loaded++;
      if (hooks === undefined || hooks === null) continue;
      if (!isRecord(hooks)) {
        throw new HookwireError(
          "HOOK_INVALID_REGISTRATION",
          `a plugin factory must resolve to an object of hooks ({ "tool.execute.before": … }), got ${typeName(hooks)}`,
        );
      }
      register(pi, hooks, scope, warnings);
    }
  };
  return { factory, warnings };
}
