// Where settings hooks come from by default, in the order their handlers are listed.
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { DialectId } from "./dialect/types.js";
import type { SettingsScope } from "./types.js";

/** One settings file to read; plugin sources carry the folders their placeholders expand to. */
export interface SettingsSource {
  file: string;
  /** The format the file is written in. Default `"claude"`. */
  dialect?: DialectId;
  scope: SettingsScope;
  /** `${CLAUDE_PLUGIN_ROOT}`: the plugin's folder. */
  pluginRoot?: string;
  /** `${CLAUDE_PLUGIN_DATA}`: the plugin's persistent data folder (it may not exist yet). */
  pluginData?: string;
}

export interface DefaultSourcesOptions {
  /** Project folder. */
  cwd: string;
  /** Defaults to the user's home folder. */
  home?: string;
  /** The host's own config folders, next to `.claude`; default `[".hookwire"]`. */
  appDirs?: string[];
}

/**
 * user `~/.claude/settings.json`, user `~/<appDir>/settings.json` (each app dir), project
 * `<cwd>/.claude/settings.json`, project `<cwd>/<appDir>/settings.json` (left out when cwd is the home folder),
 * local `<cwd>/.claude/settings.local.json`,
 * then plugins: every folder `~/.claude/plugins/<name>/` and `~/<appDir>/plugins/<name>/` that holds
 * `hooks/hooks.json`, by name, with its data folder at `<plugins>/data/<name>`.
 */
export function defaultSettingsSources(options: DefaultSourcesOptions): SettingsSource[] {
  const home = options.home ?? homedir();
  const appDirs = options.appDirs ?? [".hookwire"];
  const configDirs = [".claude", ...appDirs.filter((dir) => dir !== ".claude")];
  // Run from the home folder, the project files are the user files: listed twice, the user's own
  // settings would wait for project trust and then run twice.
  const inHome = resolve(options.cwd) === resolve(home);
  return [
    ...configDirs.map((dir) => source(join(home, dir, "settings.json"), "user")),
    ...(inHome ? [] : configDirs.map((dir) => source(join(options.cwd, dir, "settings.json"), "project"))),
    source(join(options.cwd, ".claude", "settings.local.json"), "local"),
    ...configDirs.flatMap((dir) => pluginSources(join(home, dir, "plugins"))),
  ];
}

function source(file: string, scope: SettingsScope): SettingsSource {
  return { file, scope };
}

function pluginSources(pluginsDir: string): SettingsSource[] {
  let names: string[];
  try {
    names = readdirSync(pluginsDir, { withFileTypes: true })
      // `data/` holds every plugin's persistent data, not a plugin.
      .filter((entry) => entry.isDirectory() && entry.name !== "data")
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
  return names
    .map((name) => ({
      file: join(pluginsDir, name, "hooks", "hooks.json"),
      scope: "plugin" as const,
      pluginRoot: join(pluginsDir, name),
      pluginData: join(pluginsDir, "data", name),
    }))
    .filter((plugin) => existsSync(plugin.file));
}
