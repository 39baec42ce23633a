// Finds everything a project would run: discovered hook files, settings files, and the items trust covers.
import path from "node:path";
import {
  type CommandHandlerConfig,
  handlerVariables,
  isProjectSource,
  placeholderValues,
  readSettingsFileWith,
  type SettingsFileResult,
  type SettingsHandler,
  settingsTrustRead,
} from "@hookwire/settings-hooks";
import { loadShellParser } from "@hookwire/shell-rules";
import type { CapabilityLoadResult } from "../capability/types.js";
import { type HookItem, hooksCapability } from "../hooks/hook-item.js";
import { isModulePath } from "../load/module-kind.js";
import { Resolver } from "../load/resolve.js";
import { type CommandContext, commandFiles, GrammarNeeded } from "../trust/command-files.js";
import type { TrustItem } from "../trust/fingerprint.js";
import { importCache } from "../trust/import-cache.js";
import { MAX_SUPPORT_FILES, supportFiles } from "../trust/module-folders.js";
import { moduleImports } from "../trust/module-imports.js";
import { projectRoot } from "../trust/project-root.js";
import { type ShellAnalyses, shellAnalyses } from "../trust/shell-analyses.js";
import type { ResolvedDiscoverOptions } from "./options.js";
import { verdictsOf } from "./settings-verdicts.js";

/** A project command whose files cannot all be known before it runs: shown at trust time. */
export interface UnfingerprintedCommand {
  /** `<settings file>#<JSON path>`. */
  source: string;
  command: string;
  reason: string;
}

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
  const trustItems: TrustItem[] = [];
  const unfingerprinted: UnfingerprintedCommand[] = [];
  const warnings: ProjectCollection["warnings"] = [];
  // Shadowed project files count too: they load as soon as what shadows them goes away. An item with a
  // `problem` runs nothing (its path names where it was configured).
  const projectItems = discovery.all
    .filter((entry) => entry.item.level === "project" && entry.item.problem === undefined)
    .map((entry) => entry.item);
  for (const item of projectItems) trustItems.push({ path: item.path, kind: "hook" });
  // A module runs whatever it imports, a script whatever it calls: the files beside them count too.
  const hookPaths = new Set(projectItems.map((item) => item.path));
  const support = supportFiles(
    projectItems.map((item) => item.path),
    cwd,
  );
  const covered = new Set(hookPaths);
  const importsOf = new Map<string, string[]>();
  for (const file of support.files) {
    if (covered.has(file)) continue;
    covered.add(file);
    trustItems.push({ path: file, kind: "support" });
  }
  // And what a module imports from elsewhere (`../helpers/check.ts`, a package in the project's node_modules):
  // it runs with the hook. One resolver, the runner's, answers what each import names.
  const resolver = new Resolver({ alias: options.alias });
  const show = (file: string) => path.relative(cwd, file).split(path.sep).join("/");
  // What files read before import needs no module lexer (the per-user cache, as for shell analyses below).
  const kept = options.fsCache === false ? undefined : importCache();
  for (const item of walkImports ? projectItems.filter((candidate) => isModulePath(candidate.path)) : []) {
    const imports = moduleImports([item.path], cwd, resolver, show, kept);
    importsOf.set(item.path, imports.files);
    for (const file of imports.files) {
      if (covered.has(file)) continue;
      covered.add(file);
      trustItems.push({ path: file, kind: "support" });
    }
    for (const reason of imports.unknowns) {
      warnings.push({
        file: item.path,
        message: `${reason}; what it imports that way is not fingerprinted.`,
      });
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
  const analyses = options.fsCache === false ? undefined : shellAnalyses();
  // A pre/post script is read as a command that runs it: a `#!/usr/bin/env node` file's imports run with it.
  const scripts = projectItems.filter((item) => !isModulePath(item.path) && item.type !== "opencode");
  const scriptContext = {
    cwd,
    home,
    placeholders: new Map<string, string>(),
    ...(analyses ? { analyses } : {}),
    ...(kept ? { imports: kept } : {}),
  };
  for (const item of scripts) {
    const config = { type: "command" as const, command: item.path, args: [] };
    const found = await filesOf(config, scriptContext, resolver);
    for (const file of found.files) if (file !== item.path) trustItems.push({ path: file, kind: "script" });
    const source = show(item.path);
    for (const reason of found.unknowns) unfingerprinted.push({ source, command: source, reason });
  }

  const projectSettings = settings.filter((result) => result.exists && isProjectSource(result.source));
  const switches: HookSwitch[] = [];
  // Read by their hook-relevant parts, without hookwire's own connection entries (`settingsTrustRead`).
  for (const result of projectSettings) {
    const reader = (text: string) => settingsTrustRead(text, result.source);
    trustItems.push({ path: result.source.file, kind: "settings", reader });
    switches.push(...switchesOf(result, show(result.source.file)));
  }
  const commands = projectSettings
    .flatMap((result) => result.handlers)
    .filter((h) => h.config.type === "command");
  for (const handler of commands) {
    if (handler.config.type !== "command") continue;
    const context = { ...commandContext(handler, cwd, home, analyses), ...(kept ? { imports: kept } : {}) };
    const found = await filesOf(handler.config, context, resolver);
    for (const file of found.files) trustItems.push({ path: file, kind: "script" });
    const source = `${path.relative(cwd, handler.file).split(path.sep).join("/")}#${handler.jsonPath}`;
    for (const reason of found.unknowns)
      unfingerprinted.push({ source, command: handler.config.command, reason });
  }
  return {
    root,
    discovery,
    settings,
    trustItems,
    moduleImports: importsOf,
    unfingerprinted,
    switches,
    warnings,
    ...(analyses ? { analyses } : {}),
  };
}
