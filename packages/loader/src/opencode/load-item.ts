// Loads one discovered OpenCode plugin item through the loader's module machinery (same import, same trust).
import path from "node:path";
import type { HookSource, LoadedHook } from "@hookwire/core";
import { HookLoadError } from "../errors.js";
import type { HookItem } from "../hooks/hook-item.js";
import { type HookLoadFailureEntry, type LoadHookModuleOptions, loadHookModule } from "../load/load-hooks.js";
import type { ModuleImporter } from "../load/module-importer.js";
import { opencodePlugin, pluginFactories } from "./load-plugin.js";

export async function loadOpencodeItem(
  item: HookItem,
  shown: string,
  provider: string,
  cwd: string,
  importModule: ModuleImporter,
  options: LoadHookModuleOptions,
): Promise<LoadedHook | HookLoadFailureEntry> {
  if (item.problem !== undefined) {
    const error = new HookLoadError({
      hookPath: shown,
      resolvedPath: item.path,
      reason: "plugin-unavailable",
      message: `OpenCode plugin not loaded: ${item.problem}.`,
    });
    return { path: shown, error };
  }
  let plugin: ReturnType<typeof opencodePlugin> | undefined;
  const source: HookSource = { kind: "module", provider, level: item.level };
  return loadHookModule({ path: shown, file: path.resolve(cwd, item.path), source }, cwd, importModule, {
    ...options,
    factoryOf(namespace) {
      const factories = pluginFactories(namespace);
      if (typeof factories === "string") return { problem: `is not an OpenCode plugin: it ${factories}` };
      plugin = opencodePlugin(factories, { hookPath: shown, cwd, options: item.options });
      return plugin.factory;
    },
    warningsOf: () => plugin?.warnings ?? [],
  });
}
