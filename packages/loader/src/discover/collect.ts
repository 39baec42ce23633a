// Finds everything a project would run: discovered hook files, settings files, and the items trust covers.
import { realpath } from "node:fs/promises";
import { readSettingsFile, type SettingsFileResult } from "@hookwire/settings-hooks";
import type { CapabilityLoadResult } from "../capability/types.js";
import { type HookItem, hooksCapability } from "../hooks/hook-item.js";
import type { TrustItem } from "../trust/fingerprint.js";
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
  for (const entry of discovery.all) {
    if (entry.item.level === "project") trustItems.push({ path: entry.item.path, kind: "hook" });
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
