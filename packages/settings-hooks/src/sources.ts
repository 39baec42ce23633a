// Where settings hooks come from by default: every dialect's sources, expanded, in the order their handlers are listed.
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve, sep } from "node:path";
import type { HookScope } from "@hookwire/core";
import type { DialectId, SourceSpec } from "./dialect-kit/types.js";
import { DIALECT_IDS, dialectSources } from "./dialects/registry.js";

/** One settings file to read; plugin sources carry the folders their placeholders expand to. */
export interface SettingsSource {
  file: string;
  scope: HookScope;
  /** The format the file is written in (the caller chooses; nothing here defaults to one agent). */
  dialect: DialectId;
  /**
   * The dialect source it was found by (hooks key, top-level keys, format). Default: the dialect's first
   * source of the same scope (a plugin file for `plugin`, a settings file otherwise).
   */
  spec?: SourceSpec;
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
  /** The host's own config folders, next to each dialect's (`{appDir}` in a source); default `[".hookwire"]`. */
  appDirs?: string[];
  /** The dialects whose files are read, in this order. Default: every registered dialect. */
  dialects?: readonly DialectId[];
  /** The root of `system` sources. Default `/`. */
  systemRoot?: string;
}

/**
 * Each dialect's `sources`, in registry order, expanded: `{appDir}` once per app dir, `{name}` once per
 * folder (by name; plugins without their file are left out). A file already listed is not listed again
 * (run from the home folder, the project files are the user files: listed twice, the user's own settings
 * would wait for project trust and then run twice).
 *
 * Claude Code: user `~/.claude/settings.json`, `~/<appDir>/settings.json`; project
 * `<cwd>/.claude/settings.json`, `<cwd>/<appDir>/settings.json`; local `<cwd>/.claude/settings.local.json`;
 * plugins `~/.claude/plugins/<name>/hooks/hooks.json`, `~/<appDir>/plugins/<name>/hooks/hooks.json`, with
 * their data folder at `<plugins>/data/<name>`.
 */
export function defaultSettingsSources(options: DefaultSourcesOptions): SettingsSource[] {
  const roots = {
    home: options.home ?? homedir(),
    project: options.cwd,
    system: options.systemRoot ?? "/",
  };
  const appDirs = options.appDirs ?? [".hookwire"];
  const seen = new Set<string>();
  const sources: SettingsSource[] = [];
  for (const dialect of options.dialects ?? DIALECT_IDS) {
    for (const spec of dialectSources(dialect)) {
      for (const found of expand(spec, roots[spec.root], appDirs)) {
        const key = resolve(found.file);
        if (seen.has(key)) continue;
        seen.add(key);
        sources.push({ ...found, dialect, spec });
      }
    }
  }
  return sources;
}

/** The source spec a source was found by, or its dialect's default for its scope. */
export function sourceSpecOf(source: SettingsSource): SourceSpec {
  if (source.spec) return source.spec;
  const specs = dialectSources(source.dialect);
  const plugin = source.scope === "plugin";
  return specs.find((spec) => (spec.plugin !== undefined) === plugin) ?? (specs[0] as SourceSpec);
}

type Found = Pick<SettingsSource, "file" | "scope" | "pluginRoot" | "pluginData">;

function expand(spec: SourceSpec, root: string, appDirs: readonly string[]): Found[] {
  const dirs = spec.path.includes("{appDir}") ? appDirs : [undefined];
  return dirs.flatMap((appDir) => {
    const at = (path: string, name?: string) =>
      join(
        root,
        ...path
          .replaceAll("{appDir}", appDir ?? "")
          .replaceAll("{name}", name ?? "")
          .split("/"),
      );
    if (!spec.path.includes("{name}")) return [{ file: at(spec.path), scope: spec.scope }];
    const slash = spec.path.lastIndexOf("/");
    const last = spec.path.slice(slash + 1);
    if (last.includes("{name}")) {
      // `{name}` in the file name: every file of the folder that fits (`.github/hooks/{name}.json`), by name.
      const [prefix = "", suffix = ""] = last.split("{name}");
      return fileNames(at(spec.path.slice(0, Math.max(slash, 0))), prefix, suffix).map((file) => ({
        file: at(spec.path.slice(0, Math.max(slash, 0))) + sep + file,
        scope: spec.scope,
      }));
    }
    const parent = at(spec.path.slice(0, spec.path.indexOf("{name}")));
    return folderNames(parent, spec.excludeNames ?? [])
      .map((name) => ({
        file: at(spec.path, name),
        scope: spec.scope,
        ...(spec.plugin
          ? { pluginRoot: at(spec.plugin.root, name), pluginData: at(spec.plugin.data, name) }
          : {}),
      }))
      .filter((found) => existsSync(found.file));
  });
}

/**
 * Settings files taken from one folder (`.github/hooks/*.json`, plugin folders), the first by name: a repository
 * with 12,000 of them would otherwise have each opened on every start.
 */
export const MAX_SOURCES_PER_FOLDER = 64;

/** Regular files (or links to one) in `dir` named `<prefix>…<suffix>`, sorted; none when `dir` is not a folder. */
function fileNames(dir: string, prefix: string, suffix: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter(
        (entry) =>
          (entry.isFile() || entry.isSymbolicLink()) && entry.name.length > prefix.length + suffix.length,
      )
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(prefix) && name.endsWith(suffix))
      .sort()
      .slice(0, MAX_SOURCES_PER_FOLDER);
  } catch {
    return [];
  }
}

function folderNames(dir: string, exclude: readonly string[]): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !exclude.includes(entry.name))
      .map((entry) => entry.name)
      .sort()
      .slice(0, MAX_SOURCES_PER_FOLDER);
  } catch {
    return [];
  }
}
