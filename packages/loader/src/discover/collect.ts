// Finds everything a project would run: discovered hook files, settings files, and the items trust covers.
import { realpath } from "node:fs/promises";
import { readSettingsFile, type SettingsFileResult } from "@hookwire/settings-hooks";
import type { CapabilityLoadResult } from "../capability/types.js";
import { type HookItem, hooksCapability } from "../hooks/hook-item.js";
import type { TrustItem } from "../trust/fingerprint.js";
import { moduleFolderFiles } from "../trust/module-folders.js";
import { referencedScripts } from "../trust/referenced-scripts.js";
import type { ResolvedDiscoverOptions } from "./options.js";

export interface ProjectCollection {
  /** realpath of cwd: the trust store's key. */
  root: string;
  discovery: CapabilityLoadResult<HookItem>;
  settings: SettingsFileResult[];
  /** Project-level files that need trust: hook files, project/local settings files, scripts they run. */
  trustItems: TrustItem[];
}

/** Project and local settings files run code from the repository: they load only once it is trusted. */
export function isProjectSettings(result: SettingsFileResult): boolean {
  return result.source.scope === "project" || result.source.scope === "local";
}

export async function collectProject(options: ResolvedDiscoverOptions): Promise<ProjectCollection> {
  const { cwd, home } = options;
  const [root, discovery, settings] = await Promise.all([
    realpath(cwd).catch(() => cwd),
    options.registry.loadCapability(hooksCapability, { cwd, home }),
    Promise.all(options.settingsSources.map((source) => readSettingsFile(source))),
  ]);
  const trustItems: TrustItem[] = [];
  // Shadowed project files count too: they load as soon as what shadows them goes away.
  const projectItems = discovery.all
    .filter((entry) => entry.item.level === "project")
    .map((entry) => entry.item);
  for (const item of projectItems) trustItems.push({ path: item.path, kind: "hook" });
  // A module runs whatever it imports: the files beside it (helpers, package.json, lockfile) count too.
  const hookPaths = new Set(projectItems.map((item) => item.path));
  const modules = projectItems.filter((item) => item.type === "module").map((item) => item.path);
  for (const file of await moduleFolderFiles(modules)) {
    if (!hookPaths.has(file)) trustItems.push({ path: file, kind: "support" });
  }
  const projectSettings = settings.filter((result) => result.exists && isProjectSettings(result));
  for (const result of projectSettings) trustItems.push({ path: result.source.file, kind: "settings" });
  for (const file of referencedScripts(
    cwd,
    projectSettings.flatMap((result) => result.handlers),
  )) {
    trustItems.push({ path: file, kind: "script" });
  }
  return { root, discovery, settings, trustItems };
}
