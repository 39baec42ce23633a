// Which settings files are the project's: they run code from the repository, so they wait for trust.
import type { SettingsFileResult } from "@hookwire/settings-hooks";

/**
 * Files a repository can bring run code from it: they load only once the project is trusted. The dialect
 * source that found the file says so (`trust`); a source given by hand goes by its scope (project, local).
 */
export function isProjectSettings(result: SettingsFileResult): boolean {
  const { source } = result;
  return source.spec?.trust ?? (source.scope === "project" || source.scope === "local");
}
