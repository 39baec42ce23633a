// Finds everything a project would run: discovered hook files, settings files, and the items trust covers.
import path from "node:path";
import { isProjectSource, readSettingsFileWith, type SettingsFileResult } from "@hookwire/settings-hooks";
import {
  type ProjectReach,
  projectRoot,
  type TrustItem,
  type UnfingerprintedCommand,
  walkProject,
} from "@hookwire/trust";
import type { CapabilityLoadResult } from "../capability/types.js";
import { type HookItem, hooksCapability } from "../hooks/hook-item.js";
import { isModulePath } from "../load/module-kind.js";
import type { ResolvedDiscoverOptions } from "./options.js";
import { verdictsOf } from "./settings-verdicts.js";

/** A project settings file's switch that turns hooks off: shown before trusting (it reaches project hooks only). */
export interface HookSwitch {
  /** `<settings file>#<key>`. */
  source: string;
  /** What it turns off, in words. */
  effect: string;
}

/** The switches of one project settings file, as `activeHandlers` applies them. */
function switchesOf(result: SettingsFileResult, shown: string): HookSwitch[] {
  const spec = result.source.spec;
  const dialect = result.source.dialect;
  const found: HookSwitch[] = [];
  if (result.hooksSwitch === false || result.disableAllHooks) {
    const key =
      [spec?.disableAllKey, ...(spec?.enableKeys ?? [])].filter(Boolean).join(" / ") || "disableAllHooks";
    found.push({ source: `${shown}#${key}`, effect: `turns off the project's ${dialect} settings hooks` });
  }
  for (const id of result.disabledHandlers ?? [])
    found.push({ source: `${shown}#hooks.state`, effect: `turns off the hook \`${id}\`` });
  if (result.disabledNames?.length)
    found.push({
      source: `${shown}#${spec?.disabledNamesKey ?? "disabled"}`,
      effect: `turns off the project's ${dialect} hooks named ${result.disabledNames.map((name) => `\`${name}\``).join(", ")}`,
    });
  return found;
}

export interface ProjectCollection {
  /** realpath of cwd: the trust store's key. */
  root: string;
  discovery: CapabilityLoadResult<HookItem>;
  settings: SettingsFileResult[];
  /** Project-level files that need trust: hook files, project/local settings files, files they run. */
  trustItems: TrustItem[];
  /** Project commands that run code no fingerprint covers. */
  unfingerprinted: UnfingerprintedCommand[];
  /** Switches in project settings files that turn hooks off (never the user's: project hooks only). */
  switches: HookSwitch[];
  /** What each project hook module imports from outside its folder (`moduleImports`), by hook path. */
  moduleImports: ProjectReach["moduleImports"];
  /** Files left out because reading them is unsafe or the walk was cut short, naming the path. */
  warnings: ProjectReach["warnings"];
  /** The analyses of commands kept across processes, for the guard's checks of the same commands. */
  analyses?: ProjectReach["analyses"];
}

/**
 * `walkImports: false` leaves out what hook modules import from outside their folders: discovery passes it when
 * no fingerprint decides anything (`trust: "all"` or `"none"`), as that walk reads and lexes every module.
 */
export async function collectProject(
  options: ResolvedDiscoverOptions,
  { walkImports = true }: { walkImports?: boolean } = {},
): Promise<ProjectCollection> {
  const { cwd, home } = options;
  const verdicts = options.settingsSources.length > 0 ? verdictsOf(options.fsCache) : undefined;
  const root = projectRoot(cwd);
  const [discovery, settings] = await Promise.all([
    options.registry.loadCapability(hooksCapability, { cwd, home }),
    Promise.all(options.settingsSources.map((source) => readSettingsFileWith(source, { verdicts }))),
  ]);
  // Shadowed project files count too: they load as soon as what shadows them goes away. An item with a
  // `problem` runs nothing (its path names where it was configured).
  const hooks = discovery.all
    .filter((entry) => entry.item.level === "project" && entry.item.problem === undefined)
    .map((entry) => entry.item);
  const reach = await walkProject({
    cwd,
    home,
    hooks: hooks.map((item) => item.path),
    modules: walkImports ? hooks.filter((item) => isModulePath(item.path)).map((item) => item.path) : [],
    scripts: hooks
      .filter((item) => !isModulePath(item.path) && item.type !== "opencode")
      .map((item) => item.path),
    settings,
    ...(options.alias ? { alias: options.alias } : {}),
    caches: options.fsCache !== false,
  });
  const show = (file: string) => path.relative(cwd, file).split(path.sep).join("/");
  const switches = settings
    .filter((result) => result.exists && isProjectSource(result.source))
    .flatMap((result) => switchesOf(result, show(result.source.file)));
  return {
    root,
    discovery,
    settings,
    trustItems: reach.items,
    moduleImports: reach.moduleImports,
    unfingerprinted: reach.unfingerprinted,
    switches,
    warnings: reach.warnings,
    ...(reach.analyses ? { analyses: reach.analyses } : {}),
  };
}
