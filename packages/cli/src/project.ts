// Loads every hook of a project the way a host would, for the commands that inspect or run them.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { type DiscoverAndLoadResult, type DiscoverOptions, discoverAndLoadHooks } from "@hookwire/loader";
import type { SettingsHooksOptions } from "@hookwire/settings-hooks";
import { CliUsageError } from "./errors.js";
import { findProjectRoot, type ProjectRoot } from "./project-root.js";

export interface Project {
  /** The project root: hooks, settings and trust are looked up here. */
  cwd: string;
  found: ProjectRoot;
  result: DiscoverAndLoadResult;
}

/** `--cwd` (or the current directory), checked, then the project root above it. */
export function resolveProject(cwd: string | undefined): ProjectRoot {
  const dir = path.resolve(cwd ?? process.cwd());
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new CliUsageError(`--cwd ${dir} is not a folder. Pass an existing project folder.`);
  }
  return findProjectRoot(dir);
}

type BridgeOptions = NonNullable<DiscoverOptions["settings"]>;

export function discoverOptions(settings: Partial<BridgeOptions> = {}): DiscoverOptions {
  return { settings: { sessionId: "hookwire-cli", ...settings } };
}

/**
 * Everything that loads in the project, plus `hooks` given on the command line (explicit paths need no
 * trust; relative ones resolve against the folder the user named, as they typed them there).
 * `settings` goes to the settings-hook bridge (e.g. `onHandlerRun`).
 */
export async function loadProject(
  cwd: string | undefined,
  hooks: readonly string[] = [],
  settings: Partial<Pick<SettingsHooksOptions, "onHandlerRun">> = {},
): Promise<Project> {
  const found = resolveProject(cwd);
  // Resolved from where the user typed them, then named from the project root (as the loader shows them).
  const configured = hooks.map((hook) => shortPath(path.resolve(found.start, hook), found.root));
  const result = await discoverAndLoadHooks(configured, found.root, discoverOptions(settings));
  return { cwd: found.root, found, result };
}

/** A path as the user would type it from the project folder. */
export function shortPath(file: string, cwd: string): string {
  // Relative paths are already shown from the project folder (the loader's display paths).
  if (!path.isAbsolute(file)) return file;
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}
