// The options of discovery, trust and settings loading, with their defaults resolved in one place.
import os from "node:os";
import path from "node:path";
import {
  defaultSettingsSources,
  type SettingsHooksOptions,
  type SettingsSource,
} from "@hookwire/settings-hooks";
import { capabilityRegistry } from "../capability/default-registry.js";
import { CapabilityRegistry } from "../capability/registry.js";
import { hooksCapability } from "../hooks/hook-item.js";
import { builtinHookProviders } from "../hooks/providers/builtin.js";
import type { LoadHooksOptions } from "../load/load-hooks.js";
import { defaultTrustStorePath } from "../trust/store-path.js";

/** What a trust decision sees: the project root, its fingerprint and the items it covers. */
export interface ProjectTrustInfo {
  root: string;
  fingerprint: string;
  items: string[];
}

/**
 * `"ask"` and the default: load project items when the store trusts the current fingerprint (the CLI's
 * `hookwire trust` writes it). `"all"`: trust every project. `"none"`: never load project items.
 * A function is asked when the store does not already trust the project.
 */
export type TrustOption =
  | "ask"
  | "all"
  | "none"
  | ((project: ProjectTrustInfo) => boolean | Promise<boolean>);

export interface DiscoverOptions extends LoadHooksOptions {
  /** Hook providers to consult. Default: the built-in ones plus any registered for "hooks" on the default registry. */
  registry?: CapabilityRegistry;
  /** App folders of the built-in native providers. Default `[".hookwire", ".pi", ".omp"]`. */
  appDirs?: readonly string[];
  /** Settings files to read. Default `defaultSettingsSources({ cwd, home })`; `[]` reads none. */
  settingsSources?: readonly SettingsSource[];
  /**
   * Which of those files' handlers this host runs. Every file is still read, listed and fingerprinted (trust
   * is the same whatever runs). Default: all. A host that runs some formats itself (an agent running hookwire
   * inside it runs its own files) leaves those out, so no hook runs twice.
   */
  runSettings?: (source: SettingsSource) => boolean;
  /** Default `"ask"`. */
  trust?: TrustOption;
  /** Default `$XDG_CONFIG_HOME/hookwire/trust.json`, else `<home>/.config/hookwire/trust.json`. */
  trustStore?: string;
  /** Environment for `XDG_CONFIG_HOME`. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Passed to the settings-hook bridge (session id, executors, secret variables, …). */
  settings?: Omit<SettingsHooksOptions, "cwd" | "path">;
}

export interface ResolvedDiscoverOptions extends DiscoverOptions {
  cwd: string;
  home: string;
  registry: CapabilityRegistry;
  settingsSources: readonly SettingsSource[];
  trust: TrustOption;
  trustStore: string;
}

function hookRegistry(options: DiscoverOptions): CapabilityRegistry {
  if (options.registry) return options.registry;
  const registry = new CapabilityRegistry();
  const hosts = capabilityRegistry.providers(hooksCapability);
  // A host provider with a built-in's id replaces that built-in.
  const replaced = new Set(hosts.map((provider) => provider.id));
  for (const provider of builtinHookProviders({ appDirs: options.appDirs })) {
    if (!replaced.has(provider.id)) registry.registerProvider(hooksCapability, provider);
  }
  for (const provider of hosts) registry.registerProvider(hooksCapability, provider);
  return registry;
}

export function resolveDiscoverOptions(cwd: string, options: DiscoverOptions = {}): ResolvedDiscoverOptions {
  const home = options.home ?? os.homedir();
  const root = path.resolve(cwd);
  return {
    ...options,
    cwd: root,
    home,
    registry: hookRegistry(options),
    // A host's own app folders hold its settings files too (`.myagent/settings.json`).
    settingsSources:
      options.settingsSources ??
      defaultSettingsSources({
        cwd: root,
        home,
        appDirs: options.appDirs ? [...options.appDirs] : undefined,
      }),
    trust: options.trust ?? "ask",
    trustStore: options.trustStore ?? defaultTrustStorePath({ home, env: options.env }),
  };
}
