// Loads every hook of a project the way a host would, for the commands that inspect or run them.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { type DiscoverAndLoadResult, type DiscoverOptions, discoverAndLoadHooks } from "@hookwire/loader";
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

export function discoverOptions(): DiscoverOptions {
  return { settings: { sessionId: "hookwire-cli" } };
}

/** Everything that loads in `cwd`, plus `hooks` given on the command line (explicit paths need no trust). */
export async function loadProject(cwd: string | undefined, hooks: readonly string[] = []): Promise<Project> {
  const dir = resolveCwd(cwd);
  const result = await discoverAndLoadHooks(hooks, dir, discoverOptions());
  return { cwd: dir, result };
}

/** A path as the user would type it from the project folder. */
export function shortPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}
