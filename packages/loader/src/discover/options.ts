// The options of discovery, trust and settings loading, with their defaults resolved in one place.
import os from "node:os";
import path from "node:path";
import {
  defaultSettingsSources,
  isProjectSource,
  type SettingsHooksOptions,
  type SettingsSource,
} from "@hookwire/settings-hooks";
import type { TrustOption } from "@hookwire/trust";
import { defaultTrustStorePath } from "@hookwire/trust/store";
import { capabilityRegistry } from "../capability/default-registry.js";
import { CapabilityRegistry } from "../capability/registry.js";
import type { HookLevel } from "../hooks/hook-item.js";
import { hooksCapability } from "../hooks/hook-item.js";
import { builtinHookProviders, DEFAULT_APP_DIRS } from "../hooks/providers/builtin.js";
import { shellQuote } from "../lazy-deps.js";
import type { LoadHooksOptions } from "../load/load-hooks.js";
import type { PluginRuntimes } from "../load/plugin-item.js";
import { defaultHooksConfigPath } from "../user-config-paths.js";
import {
  DEFAULT_FORMATS,
  discoveryKey,
  type FormatChoice,
  type FormatLevels,
  formatLevels,
  type HookFormat,
  providerFormat,
} from "./formats.js";

export interface DiscoverOptions extends LoadHooksOptions {
  /**
   * The hook formats to load, each at both levels (`"claude"`) or one (`"claude:project"`). Default `["hookwire"]`:
   * the host's own app folders only. Other agents' files — and their user-level folders, which a host would
   * otherwise import into its own process — load only when asked; the `hookwire` CLI asks for `HOOK_FORMATS`.
   * A host that runs one format itself leaves it out (no hook runs twice).
   */
  formats?: readonly FormatChoice[];
  /**
   * The command text shown to trust the project, in `skipped` entries and trust errors. Default
   * `hookwire trust --cwd <root>`, which covers a host whose discovery the CLI's includes (the CLI discovers every
   * format in the default app folders); a host with app folders of its own says how it trusts.
   */
  trustCommand?: string | ((root: string) => string);
  /**
   * How this host runs other agents' plugin modules, by item type (`opencode`: `@hookwire/opencode-plugins`),
   * each imported with the first such plugin found. They are found and trusted whatever this says; without a
   * runtime, each fails to load with a message saying so. `@hookwire/project`'s `openProject` and the CLI bring
   * every one hookwire has.
   */
  pluginRuntimes?: PluginRuntimes;
  /** Hook providers to consult. Default: the built-in ones of `formats` plus any registered for "hooks" on the default registry. */
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
  /**
   * The hooks the user turned off (`hookwire hooks disable <id>`), skipped by discovery. Default
   * `$XDG_CONFIG_HOME/hookwire/hooks.json`, else `<home>/.config/hookwire/hooks.json`. `false`: nothing is turned
   * off (a policy's discovery: no switch of the user's or a project's reaches a policy hook).
   */
  hooksConfig?: string | false;
  /**
   * The user's installed policies (`hookwire policy add`) run first, each from its own folder, held to its pin.
   * Default: on; `false` leaves them out (a policy's own discovery, a host that runs them elsewhere).
   */
  policies?: boolean;
  /**
   * The folder hooks' paths are shown from (list, errors, the decision log). Default `cwd`. A policy's hooks are
   * shown from the project that runs them (`~/.config/hookwire/policies/<name>/…`), never as that project's files.
   */
  showFrom?: string;
  /**
   * `false`: only hookwire's built-in providers, none a host registered (a policy's discovery: every host finds the
   * same files in it, so its pin holds in each). Default: the host's too.
   */
  hostProviders?: boolean;
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
  hooksConfig: string | false;
  /** The formats and levels that load. */
  levels: FormatLevels;
  /** The trust store's key for what this discovery finds (see `discoveryKey`). */
  discovery: string;
  /** The command text that trusts the project at `root`. */
  trustCommandFor(root: string): string;
}

/** A settings source's format: a host app folder's file is `hookwire`, the rest their dialect's. */
export function sourceFormat(source: SettingsSource): HookFormat {
  if (source.spec?.path.includes("{appDir}")) return "hookwire";
  return source.dialect;
}

/** A source a repository can bring is project level; the user's, the system's and plugins' are user level. */
export function sourceLevel(source: SettingsSource): HookLevel {
  return isProjectSource(source) ? "project" : "user";
}

/** The built-in providers of the chosen formats, each keeping only the chosen levels' items; the host's as they are. */
function hookRegistry(options: DiscoverOptions, levels: FormatLevels): CapabilityRegistry {
  if (options.registry) return options.registry;
  const registry = new CapabilityRegistry();
  const hosts = options.hostProviders === false ? [] : capabilityRegistry.providers(hooksCapability);
  // A host provider with a built-in's id replaces that built-in.
  const replaced = new Set(hosts.map((provider) => provider.id));
  for (const provider of builtinHookProviders({ appDirs: options.appDirs })) {
    const wanted = levels.get(providerFormat(provider.id)!);
    if (replaced.has(provider.id) || !wanted) continue;
    registry.registerProvider(
      hooksCapability,
      wanted.size === 2
        ? provider
        : {
            ...provider,
            load: async (ctx) => (await provider.load(ctx)).filter((item) => wanted.has(item.level)),
          },
    );
  }
  for (const provider of hosts) registry.registerProvider(hooksCapability, provider);
  return registry;
}

export function resolveDiscoverOptions(cwd: string, options: DiscoverOptions = {}): ResolvedDiscoverOptions {
  const home = options.home ?? os.homedir();
  const root = path.resolve(cwd);
  const levels = formatLevels(options.formats ?? DEFAULT_FORMATS);
  const registry = hookRegistry(options, levels);
  // A host's own app folders hold its settings files too (`.myagent/settings.json`).
  const settingsSources =
    options.settingsSources ??
    defaultSettingsSources({
      cwd: root,
      home,
      appDirs: options.appDirs ? [...options.appDirs] : undefined,
    }).filter((source) => levels.get(sourceFormat(source))?.has(sourceLevel(source)) === true);
  const discovery = discoveryKey({
    levels,
    appDirs: options.appDirs ?? DEFAULT_APP_DIRS,
    providers: registry.providers(hooksCapability).map((provider) => provider.id),
    ...(options.settingsSources
      ? { settingsFiles: options.settingsSources.map((source) => source.file) }
      : {}),
  });
  const trustCommand = options.trustCommand;
  return {
    ...options,
    cwd: root,
    home,
    registry,
    settingsSources,
    trust: options.trust ?? "ask",
    trustStore: options.trustStore ?? defaultTrustStorePath({ home, env: options.env }),
    hooksConfig: options.hooksConfig ?? defaultHooksConfigPath({ home, env: options.env }),
    levels,
    discovery,
    trustCommandFor: (at) =>
      typeof trustCommand === "function"
        ? trustCommand(at)
        : (trustCommand ?? `hookwire trust --cwd ${shellQuote().quote([at])}`),
  };
}
