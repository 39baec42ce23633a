// What a project's hooks reach: every file trust fingerprints, and what no fingerprint can cover.
import path from "node:path";
import {
  type CommandHandlerConfig,
  handlerVariables,
  isProjectSource,
  placeholderValues,
  type SettingsFileResult,
  type SettingsHandler,
  settingsTrustRead,
} from "@hookwire/settings-hooks";
import { loadShellParser } from "@hookwire/shell-rules";
import { type CommandContext, commandFiles, GrammarNeeded } from "./command-files.js";
import type { TrustItem } from "./fingerprint.js";
import { MAX_SUPPORT_FILES, supportFiles } from "./module-folders.js";
import { moduleImports } from "./module-imports.js";
import { importCache } from "./modules/import-cache.js";
import { Resolver } from "./modules/resolve.js";
import { type ShellAnalyses, shellAnalyses } from "./shell-analyses.js";

/** A project command whose files cannot all be known before it runs: shown at trust time. */
export interface UnfingerprintedCommand {
  /** `<settings file>#<JSON path>`. */
  source: string;
  command: string;
  reason: string;
}

/** A project's hooks as discovery found them: what the walk starts from. */
export interface ProjectHooks {
  cwd: string;
  home: string;
  /** Every project hook file that runs (modules, scripts, plugins): each is an item, with the files beside it. */
  hooks: readonly string[];
  /** The hook modules whose imports are walked (none when no fingerprint decides anything: that walk lexes each). */
  modules: readonly string[];
  /** The `pre`/`post` scripts, each read as the command that runs it (a `#!/usr/bin/env node` file's imports run). */
  scripts: readonly string[];
  /** Every settings file read; the project's that exist are items, and so is what their commands run. */
  settings: readonly SettingsFileResult[];
  /** The host's `alias` option: the resolver the runner uses is the one that answers what an import names. */
  alias?: Readonly<Record<string, string>>;
  /** `false`: no per-user cache of command analyses and imports (a host's `fsCache: false`). */
  caches?: boolean;
}

/** What the walk found. */
export interface ProjectReach {
  /** Project-level files that need trust: hook files, project/local settings files, files they run. */
  items: TrustItem[];
  /** Project commands that run code no fingerprint covers. */
  unfingerprinted: UnfingerprintedCommand[];
  /** What each project hook module imports from outside its folder (`moduleImports`), by hook path. */
  moduleImports: ReadonlyMap<string, readonly string[]>;
  /** Files left out because reading them is unsafe or the walk was cut short, naming the path. */
  warnings: Array<{ file: string; message: string }>;
  /** The analyses of commands kept across processes, for the guard's checks of the same commands. */
  analyses?: ShellAnalyses;
}

/** How the runtime check and the fingerprint read a handler's command: the same context both times. */
export function commandContext(
  handler: SettingsHandler,
  cwd: string,
  home: string,
  analyses?: ShellAnalyses,
): CommandContext {
  return {
    cwd,
    home,
    placeholders: placeholderValues(handlerVariables(handler, cwd)),
    ...(analyses ? { analyses } : {}),
  };
}

/** What a command runs; the bash grammar is loaded only for a command no one has read before. */
async function filesOf(config: CommandHandlerConfig, ctx: CommandContext, resolver: Resolver) {
  try {
    return commandFiles(config, ctx, resolver);
  } catch (error) {
    if (!(error instanceof GrammarNeeded)) throw error;
    await loadShellParser();
    return commandFiles(config, ctx, resolver);
  }
}

/** Every file the project's hooks run or read to decide what runs, and what cannot be known before they run. */
export async function walkProject(project: ProjectHooks): Promise<ProjectReach> {
  const { cwd, home } = project;
  const items: TrustItem[] = [];
  const unfingerprinted: UnfingerprintedCommand[] = [];
  const warnings: ProjectReach["warnings"] = [];
  for (const hook of project.hooks) items.push({ path: hook, kind: "hook" });
  // A module runs whatever it imports, a script whatever it calls: the files beside them count too.
  const support = supportFiles(project.hooks, cwd);
  const covered = new Set(project.hooks);
  const importsOf = new Map<string, string[]>();
  for (const file of support.files) {
    if (covered.has(file)) continue;
    covered.add(file);
    items.push({ path: file, kind: "support" });
  }
  // And what a module imports from elsewhere (`../helpers/check.ts`, a package in the project's node_modules):
  // it runs with the hook. One resolver, the runner's, answers what each import names.
  const resolver = new Resolver({ alias: project.alias });
  const show = (file: string) => path.relative(cwd, file).split(path.sep).join("/");
  // What files read before import needs no module lexer (the per-user cache, as for shell analyses below).
  const kept = project.caches === false ? undefined : importCache();
  for (const hook of project.modules) {
    const imports = moduleImports([hook], cwd, resolver, show, kept);
    importsOf.set(hook, imports.files);
    for (const file of imports.files) {
      if (covered.has(file)) continue;
      covered.add(file);
      items.push({ path: file, kind: "support" });
    }
    for (const reason of imports.unknowns) {
      warnings.push({ file: hook, message: `${reason}; what it imports that way is not fingerprinted.` });
    }
  }
  for (const { path: file, what } of support.refused) {
    warnings.push({ file, message: `\`${file}\` is ${what}, not a regular file; it was not read.` });
  }
  for (const dir of support.truncated) {
    warnings.push({
      file: dir,
      message: `\`${dir}\` holds more than ${MAX_SUPPORT_FILES} files or nests too deep; the rest is not fingerprinted.`,
    });
  }

  // Commands read before (a plain path to a script, or an analysis kept in the cache) need no bash grammar.
  const analyses = project.caches === false ? undefined : shellAnalyses();
  const scriptContext = {
    cwd,
    home,
    placeholders: new Map<string, string>(),
    ...(analyses ? { analyses } : {}),
    ...(kept ? { imports: kept } : {}),
  };
  for (const script of project.scripts) {
    const config = { type: "command" as const, command: script, args: [] };
    const found = await filesOf(config, scriptContext, resolver);
    for (const file of found.files) if (file !== script) items.push({ path: file, kind: "script" });
    const source = show(script);
    for (const reason of found.unknowns) unfingerprinted.push({ source, command: source, reason });
  }

  const projectSettings = project.settings.filter(
    (result) => result.exists && isProjectSource(result.source),
  );
  // Read by their hook-relevant parts, without hookwire's own connection entries (`settingsTrustRead`).
  for (const result of projectSettings) {
    const reader = (text: string) => settingsTrustRead(text, result.source);
    items.push({ path: result.source.file, kind: "settings", reader });
  }
  const commands = projectSettings
    .flatMap((result) => result.handlers)
    .filter((h) => h.config.type === "command");
  for (const handler of commands) {
    if (handler.config.type !== "command") continue;
    const context = { ...commandContext(handler, cwd, home, analyses), ...(kept ? { imports: kept } : {}) };
    const found = await filesOf(handler.config, context, resolver);
    for (const file of found.files) items.push({ path: file, kind: "script" });
    const source = `${path.relative(cwd, handler.file).split(path.sep).join("/")}#${handler.jsonPath}`;
    for (const reason of found.unknowns)
      unfingerprinted.push({ source, command: handler.config.command, reason });
  }
  return { items, unfingerprinted, moduleImports: importsOf, warnings, ...(analyses ? { analyses } : {}) };
}
