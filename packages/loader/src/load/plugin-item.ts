// Another agent's plugin module (an `opencode` item) loaded through the runtime a host brings for it: the loader
// finds and trusts such modules like any other, and imports them with the same importer, but what their exports
// mean (opencode's factories, its hook names, its `ctx`) is the runtime's, in its own package.
import path from "node:path";
import type { HookFactory, HookSource, HookwireError, LoadedHook } from "@hookwire/core";
import { HookLoadError } from "../errors.js";
import type { HookItem, HookItemType } from "../hooks/hook-item.js";
import { type HookLoadFailureEntry, type LoadHookModuleOptions, loadHookModule } from "./load-hooks.js";
import type { ModuleImporter } from "./module-importer.js";

/** The item types whose modules a runtime runs: OpenCode plugins (`@hookwire/opencode-plugins`). */
export type PluginItemType = Exclude<HookItemType, "pre" | "post" | "module">;

/** One plugin module as the runtime turns it into a hook. */
export interface PluginModule {
  /** Names the module in messages (the path as shown). */
  hookPath: string;
  /** The project folder (the plugin's `directory`). */
  cwd: string;
  /** The entry's options (`["spec", { … }]` in `opencode.json`). */
  options?: Record<string, unknown>;
}

/** What a runtime makes of a module's exports: one hook factory and the findings its run adds, or why it is none. */
export type PluginHook = { factory: HookFactory; warnings: HookwireError[] } | { problem: string };

/** Runs one kind of plugin module as hookwire hooks. */
export interface PluginRuntime {
  /** The plugin, in messages: "OpenCode plugin". */
  label: string;
  /** The module's exports as one hook; `warnings` is filled while `factory` runs. */
  hookOf(namespace: unknown, plugin: PluginModule): PluginHook;
}

/**
 * The runtimes a host brings, by item type, each imported with the first plugin of its type found (most projects
 * have none). A type without one is found and trusted as any other, and fails to load with a message saying why.
 */
export type PluginRuntimes = Partial<Record<PluginItemType, () => Promise<PluginRuntime>>>;

/** Why a plugin did not load when the host brings no runtime for its type: the option, and the package that has it. */
const MISSING: Record<PluginItemType, string> = {
  opencode:
    "this host brings no runtime for OpenCode plugins (`pluginRuntimes.opencode` of discovery, from `@hookwire/opencode-plugins`)",
};

const LABEL: Record<PluginItemType, string> = { opencode: "OpenCode plugin" };

/** An item a runtime runs (rather than the loader's own module or pre/post script). */
export function isPluginItem(item: HookItem): item is HookItem & { type: PluginItemType } {
  return Object.hasOwn(LABEL, item.type);
}

export async function loadPluginItem(
  item: HookItem & { type: PluginItemType },
  shown: string,
  provider: string,
  discovery: { cwd: string; pluginRuntimes?: PluginRuntimes },
  importModule: ModuleImporter,
  options: LoadHookModuleOptions,
): Promise<LoadedHook | HookLoadFailureEntry> {
  const { cwd } = discovery;
  const open = discovery.pluginRuntimes?.[item.type];
  if (item.problem !== undefined || !open) {
    const why = item.problem ?? `\`${shown}\`: ${MISSING[item.type]}`;
    const error = new HookLoadError({
      hookPath: shown,
      resolvedPath: item.path,
      reason: "plugin-unavailable",
      message: `${LABEL[item.type]} not loaded: ${why}.`,
    });
    return { path: shown, error };
  }
  const runtime = await open();
  let warnings: readonly HookwireError[] = [];
  const source: HookSource = { kind: "module", provider, level: item.level };
  return loadHookModule({ path: shown, file: path.resolve(cwd, item.path), source }, cwd, importModule, {
    ...options,
    factoryOf(namespace) {
      const hook = runtime.hookOf(namespace, {
        hookPath: shown,
        cwd,
        ...(item.options ? { options: item.options } : {}),
      });
      if ("problem" in hook) return { problem: `is not an ${runtime.label}: it ${hook.problem}` };
      warnings = hook.warnings;
      return hook.factory;
    },
    warningsOf: () => warnings,
  });
}
