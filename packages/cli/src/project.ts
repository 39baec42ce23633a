// Loads every hook of a project the way a host would, for the commands that inspect or run them.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { type DiscoverAndLoadResult, type DiscoverOptions, discoverAndLoadHooks } from "@hookwire/loader";
import type { SettingsHooksOptions } from "@hookwire/settings-hooks";
import { CliUsageError } from "./errors.js";

export interface Project {
  cwd: string;
  result: DiscoverAndLoadResult;
}

export function resolveCwd(cwd: string | undefined): string {
  const dir = path.resolve(cwd ?? process.cwd());
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new CliUsageError(`--cwd ${dir} is not a folder. Pass an existing project folder.`);
  }
  return dir;
}

type BridgeOptions = NonNullable<DiscoverOptions["settings"]>;

export function discoverOptions(settings: Partial<BridgeOptions> = {}): DiscoverOptions {
  return { settings: { sessionId: "hookwire-cli", ...settings } };
}

/**
 * Everything that loads in `cwd`, plus `hooks` given on the command line (explicit paths need no trust).
 * `settings` goes to the settings-hook bridge (e.g. `onHandlerRun`).
 */
export async function loadProject(
  cwd: string | undefined,
  hooks: readonly string[] = [],
  settings: Partial<Pick<SettingsHooksOptions, "onHandlerRun">> = {},
): Promise<Project> {
  const dir = resolveCwd(cwd);
  const result = await discoverAndLoadHooks(hooks, dir, discoverOptions(settings));
  return { cwd: dir, result };
}

/** A path as the user would type it from the project folder. */
export function shortPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}
