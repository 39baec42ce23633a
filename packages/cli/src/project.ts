// Loads every hook of a project the way a host would, for the commands that inspect or run them.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import {
  type DiscoverAndLoadResult,
  type DiscoverOptions,
  discoverAndLoadHooks,
  HOOK_FORMATS,
} from "@hookwire/loader";
import { findProjectRoot, type ProjectRoot } from "@hookwire/loader/project-root";
import { PLUGIN_RUNTIMES } from "@hookwire/project";
import {
  defaultSessionEnvDir,
  projectFolderName,
  SessionEnvironment,
  type SettingsHooksOptions,
} from "@hookwire/settings-hooks";
import { CliUsageError } from "./errors.js";

export interface Project {
  /** The project root: hooks, settings and trust are looked up here. */
  cwd: string;
  found: ProjectRoot;
  result: DiscoverAndLoadResult;
  /** The CLI session's CLAUDE_ENV_FILE folder: what `emit SessionStart` exported, `tool --real` and `run` apply. */
  sessionEnv: SessionEnvironment;
}

const CLI_SESSION_ID = "hookwire-cli";

/**
 * Every CLI command in a project is one session (`session_id` "hookwire-cli"), so its CLAUDE_ENV_FILE files
 * outlive the command that wrote them, one folder per project: `<XDG cache>/hookwire/session-env/hookwire-cli/<project>`.
 */
export function cliSessionEnv(root: string): SessionEnvironment {
  return new SessionEnvironment(path.join(defaultSessionEnvDir(CLI_SESSION_ID), projectFolderName(root)));
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
  // The CLI loads every format (a host chooses its own): what `hookwire trust` trusts covers them all, and runs
  // them all, OpenCode's plugins too (as `openProject` does).
  return {
    formats: HOOK_FORMATS,
    pluginRuntimes: PLUGIN_RUNTIMES,
    settings: { sessionId: CLI_SESSION_ID, ...settings },
  };
}

/**
 * Everything that loads in the project, plus `hooks` given on the command line (explicit paths need no
 * trust; relative ones resolve against the folder the user named, as they typed them there).
 * `settings` goes to the settings-hook bridge (`onHandlerRun`; `hostSession` for a command that runs a host).
 */
export async function loadProject(
  cwd: string | undefined,
  hooks: readonly string[] = [],
  settings: Partial<
    Pick<SettingsHooksOptions, "onHandlerRun" | "hostSession" | "debug" | "onHandlerSkipped">
  > = {},
): Promise<Project> {
  const found = resolveProject(cwd);
  const configured = configuredHooks(found, hooks);
  const sessionEnv = cliSessionEnv(found.root);
  const result = await discoverAndLoadHooks(
    configured,
    found.root,
    discoverOptions({ ...settings, sessionEnv }),
  );
  return { cwd: found.root, found, result, sessionEnv };
}

/** Hook paths given on the command line: resolved from where the user typed them, named from the project root. */
export function configuredHooks(found: ProjectRoot, hooks: readonly string[]): string[] {
  return hooks.map((hook) => shortPath(path.resolve(found.start, hook), found.root));
}

/** A path as the user would type it from the project folder. */
export function shortPath(file: string, cwd: string): string {
  // Relative paths are already shown from the project folder (the loader's display paths).
  if (!path.isAbsolute(file)) return file;
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}
