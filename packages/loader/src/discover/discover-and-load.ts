// discoverAndLoadHooks: every hook of a project in one call — discovered files, configured paths, settings.
import path from "node:path";
import { createEventBus, errorMessage, type HookSource, type LoadedHook } from "@hookwire/core";
import { displayPath } from "@hookwire/core/internal";
import {
  activeHandlers,
  createSettingsHooks,
  isProjectSource,
  type SettingsFileResult,
  type SettingsHandler,
  type SettingsIssue,
} from "@hookwire/settings-hooks";
import {
  decideTrust,
  FileDigests,
  fingerprintProject,
  TrustGuard,
  type UnfingerprintedCommand,
} from "@hookwire/trust";
import type { CapabilityEntry } from "../capability/types.js";
import { HookLoadError } from "../errors.js";
import type { HookItem } from "../hooks/hook-item.js";
import { scriptHandlers } from "../hooks/script-handlers.js";
import {
  type HookLoadFailureEntry,
  isLoadFailure,
  type LoadHookModuleOptions,
  loadHookModule,
} from "../load/load-hooks.js";
import { createModuleImporter } from "../load/module-importer.js";
import { isModulePath } from "../load/module-kind.js";
import { isPluginItem, loadPluginItem, type PluginRuntimes } from "../load/plugin-item.js";
import { loadPolicies, type PolicyState } from "../policy/layer.js";
import { resolvePath } from "../resolve-path.js";
import { collectProject, type ProjectCollection } from "./collect.js";
import {
  DisabledHooks,
  handlerId,
  hooksConfigProblem,
  movedHandlerWarning,
  readDisabledHooks,
} from "./disabled-hooks.js";
import { type DiscoverOptions, type ResolvedDiscoverOptions, resolveDiscoverOptions } from "./options.js";

/** A project item that did not load because the project is not trusted. */
export interface SkippedItem {
  path: string;
  kind: "hook" | "settings";
  reason: string;
  /** The command that trusts the project as it is now. */
  trustCommand: string;
}

export interface DiscoveryWarning {
  kind: "provider" | "settings" | "trust" | "config";
  message: string;
  provider?: string;
  file?: string;
  /** For settings warnings: the issue as data. */
  issue?: SettingsIssue;
}

export interface DiscoverAndLoadResult {
  /**
   * What the user turned off (`hooksConfig`) that skipped something here: each id as configured (absolute file,
   * `#` JSON path), the one `hookwire hooks enable` takes; `turnedOffBy(disabled, id)` names the one covering an item.
   */
  disabled: string[];
  /** Discovered hooks in discovery order, then configured paths, then one hook for all settings handlers. */
  hooks: LoadedHook[];
  /** Every discovered hook file by provider, shadowed ones included (`shadowed: true`), for listings. */
  discovered: CapabilityEntry<HookItem>[];
  /** Project items that run beside (after) a user item of the same key: a project never shadows a user. */
  pairs: HookPair[];
  errors: HookLoadFailureEntry[];
  skipped: SkippedItem[];
  warnings: DiscoveryWarning[];
  settings: {
    /** Every settings file read, trusted or not. */
    files: SettingsFileResult[];
    /** Issues of the files that were loaded. */
    issues: SettingsIssue[];
    /** A loaded settings file set `"disableAllHooks": true`. */
    disabled: boolean;
    /** Handlers the settings hook runs. */
    handlers: SettingsHandler[];
  };
  /**
   * The user's installed policies (`hookwire policy`), each loaded from its own folder: an intact one's hooks come
   * first in `hooks`; a host refuses tool calls while one is not intact (`problem`).
   */
  policies: PolicyState<DiscoverAndLoadResult>[];
  trust: {
    root: string;
    fingerprint: string;
    trusted: boolean;
    items: string[];
    /** Project commands that run code the fingerprint cannot cover (shown before trusting). */
    unfingerprinted: UnfingerprintedCommand[];
    /** Checks project hooks against the trusted files before they run; absent when nothing is held to a fingerprint. */
    guard?: TrustGuard;
  };
}

type Planned =
  | { kind: "discovered"; item: HookItem; provider: string }
  | { kind: "configured"; path: string; resolved: string };

/**
 * Picks what loads from what was discovered: untrusted project items are skipped and shadow nothing;
 * a project item and a user item of the same key both load, the user's first.
 */
function selectDiscovered(
  all: readonly CapabilityEntry<HookItem>[],
  trusted: boolean,
  skip: (item: HookItem) => void,
): Planned[] {
  const taken = new Set<string>();
  const planned: Planned[] = [];
  const plan = (entry: CapabilityEntry<HookItem>) =>
    planned.push({ kind: "discovered", item: entry.item, provider: entry.provider });
  const userOf = new Map<string, CapabilityEntry<HookItem>>();
  for (const entry of all) {
    if (!entry.shadowed && entry.item.level === "user" && !userOf.has(entry.key))
      userOf.set(entry.key, entry);
  }
  for (const entry of all) {
    if (entry.item.level === "project" && !trusted) {
      skip(entry.item);
      continue;
    }
    if (entry.shadowed) continue;
    if (entry.item.level === "project") {
      const user = userOf.get(entry.key);
      if (user && !taken.has(`user ${entry.key}`)) {
        taken.add(`user ${entry.key}`);
        plan(user);
      }
    } else if (entry.item.level === "user") {
      if (taken.has(`user ${entry.key}`)) continue;
      taken.add(`user ${entry.key}`);
    }
    plan(entry);
  }
  return planned;
}

/** A project item that runs beside a user item of the same key (the user's first), for listings. */
export interface HookPair {
  key: string;
  user: string;
  project: string;
}

/** Every project item that has a user item of the same key beside it. */
export function hookPairs(
  all: readonly CapabilityEntry<HookItem>[],
  show: (file: string) => string,
): HookPair[] {
  const pairs: HookPair[] = [];
  for (const entry of all) {
    if (entry.shadowed || entry.item.level !== "project") continue;
    const user = all.find(
      (other) => other.key === entry.key && !other.shadowed && other.item.level === "user",
    );
    if (user) pairs.push({ key: entry.key, user: show(user.item.path), project: show(entry.item.path) });
  }
  return pairs;
}

export async function discoverAndLoadHooks(
  configuredPaths: readonly string[],
  cwd: string,
  options: DiscoverOptions = {},
): Promise<DiscoverAndLoadResult> {
  const resolved = resolveDiscoverOptions(cwd, options);
  // Before the project's: the team's hooks, which nothing in the project can turn off.
  const policies = resolved.policies === false ? [] : await loadPolicies(resolved, discoverAndLoadHooks);
  const show = (file: string) => displayPath(file, resolved.showFrom ?? resolved.cwd, resolved.home);
  const there = await whatIsThere(resolved);
  const { project } = there;
  const trust = await whatTrustAllows(resolved, project, show);
  const skipped: SkippedItem[] = [];
  const skip = (file: string, kind: SkippedItem["kind"]) =>
    skipped.push({ path: show(file), kind, reason: trust.reason, trustCommand: trust.trustCommand() });
  const loaded = await loadEachKind(configuredPaths, resolved, there, trust, show, skip);

  const warnings: DiscoveryWarning[] = [
    ...project.discovery.warnings.map(
      (w): DiscoveryWarning => ({
        kind: "provider",
        provider: w.provider,
        message: w.message,
      }),
    ),
    ...trust.warnings,
    ...there.warnings,
    ...loaded.warnings,
  ];
  const { errors } = loaded;
  const fromPolicies = policies.flatMap((policy) => (policy.intact && policy.loaded ? [policy.loaded] : []));
  for (const policy of fromPolicies) {
    errors.unshift(...policy.errors);
    warnings.unshift(...policy.warnings);
  }
  return {
    disabled: [...there.disabled.applied],
    hooks: [...fromPolicies.flatMap((policy) => policy.hooks), ...loaded.hooks],
    policies,
    discovered: project.discovery.all,
    pairs: hookPairs(project.discovery.all, show),
    errors,
    skipped,
    warnings,
    settings: {
      files: project.settings,
      issues: loaded.settings.issues,
      disabled: loaded.settings.disabled,
      handlers: loaded.settings.handlers,
    },
    trust: {
      root: project.root,
      fingerprint: trust.fingerprint,
      trusted: trust.trusted,
      items: trust.items,
      unfingerprinted: project.unfingerprinted,
      ...(trust.guard ? { guard: trust.guard } : {}),
    },
  };
}

/** What is there: the project's hooks, settings files and what trust covers, and what the user turned off. */
async function whatIsThere(resolved: ResolvedDiscoverOptions) {
  // With "all" or "none" no fingerprint decides whether project hooks run, and no guard holds them to one.
  const project = await collectProject(resolved, {
    walkImports: resolved.trust !== "all" && resolved.trust !== "none",
  });
  const hooksConfig = resolved.hooksConfig;
  const config = hooksConfig === false ? { disabled: new DisabledHooks([]) } : readDisabledHooks(hooksConfig);
  const warnings: DiscoveryWarning[] = [];
  if (config.problem && hooksConfig !== false) {
    const message = hooksConfigProblem(hooksConfig, config.problem);
    warnings.push({ kind: "config", file: hooksConfig, message });
  }
  return { project, disabled: config.disabled, warnings };
}

type There = Awaited<ReturnType<typeof whatIsThere>>;

/** What trust allows: the fingerprint, the verdict, and the guard that holds trusted project hooks to it. */
async function whatTrustAllows(
  resolved: ResolvedDiscoverOptions,
  project: ProjectCollection,
  show: (file: string) => string,
) {
  const digests = new FileDigests();
  const {
    fingerprint,
    items,
    digests: trusted,
    entries,
  } = await fingerprintProject(resolved.cwd, project.trustItems, digests);
  const verdict = await decideTrust(
    resolved.trust,
    { root: project.root, fingerprint, items },
    { store: resolved.trustStore, entries, discovery: resolved.discovery },
  );
  // Worded when a message needs it: a host that trusts everything never loads shell-quote.
  const trustCommand = () => resolved.trustCommandFor(project.root);
  const warnings: DiscoveryWarning[] = [];
  if (verdict.warning) warnings.push({ kind: "trust", file: resolved.trustStore, message: verdict.warning });
  for (const warning of project.warnings) warnings.push({ kind: "trust", ...warning });
  // Trusted by a recorded or approved fingerprint: held to it until the hooks run ("all" trusts anything).
  const guard =
    verdict.trusted && resolved.trust !== "all" && items.length > 0
      ? new TrustGuard({
          root: project.root,
          cwd: resolved.cwd,
          home: resolved.home,
          trustCommand,
          trusted,
          digests,
          imports: project.moduleImports,
          ...(project.analyses ? { analyses: project.analyses } : {}),
          show,
        })
      : undefined;
  const reason = verdict.reason ?? "the project is not trusted";
  return { fingerprint, items, trusted: verdict.trusted, reason, trustCommand, guard, warnings };
}

type Allowed = Awaited<ReturnType<typeof whatTrustAllows>>;

/** How each kind loads: a module through the importer, a script or a settings file through the settings bridge. */
interface Loading {
  cwd: string;
  show: (file: string) => string;
  guard: TrustGuard | undefined;
  importModule: ReturnType<typeof createModuleImporter>;
  moduleOptions: LoadHookModuleOptions;
  /** What a project module's import runs is checked file by file, on the bytes the runner runs. */
  verify: ((file: string, source: string | undefined) => void) | undefined;
  bridgeOptions: BridgeOptions;
  /** The plugin runtimes the host brings (`DiscoverOptions.pluginRuntimes`). */
  pluginRuntimes: PluginRuntimes | undefined;
}

/** Loads what trust allows and the user did not turn off, each kind its own way, in plan order; settings last. */
async function loadEachKind(
  configuredPaths: readonly string[],
  resolved: ResolvedDiscoverOptions,
  { project, disabled }: There,
  trust: Allowed,
  show: (file: string) => string,
  skip: (file: string, kind: SkippedItem["kind"]) => void,
) {
  const planned = selectDiscovered(project.discovery.all, trust.trusted, (item) => skip(item.path, "hook"));
  const seen = new Set(
    planned.flatMap((plan) => (plan.kind === "discovered" ? [path.resolve(plan.item.path)] : [])),
  );
  for (const configured of configuredPaths) {
    const absolute = resolvePath(configured, resolved.cwd, resolved.home);
    if (seen.has(absolute) || disabled.off(absolute) !== undefined) continue;
    seen.add(absolute);
    planned.push({ kind: "configured", path: configured, resolved: absolute });
  }

  const { guard } = trust;
  const loading: Loading = {
    cwd: resolved.cwd,
    show,
    guard,
    importModule: createModuleImporter(resolved),
    pluginRuntimes: resolved.pluginRuntimes,
    moduleOptions: { home: resolved.home, loadTimeout: resolved.loadTimeout, eventBus: createEventBus() },
    verify: guard ? (file, source) => guard.source(file, source) : undefined,
    bridgeOptions: {
      ...resolved.settings,
      cwd: resolved.cwd,
      projectDir: resolved.cwd,
      ...(resolved.showFrom ? { displayCwd: resolved.showFrom } : {}),
      ...(guard ? { beforeCommand: (handler: SettingsHandler) => guard.command(handler) } : {}),
    },
  };
  const hooks: LoadedHook[] = [];
  const errors: HookLoadFailureEntry[] = [];
  const add = (loaded: LoadedHook | HookLoadFailureEntry) => {
    if (isLoadFailure(loaded)) errors.push(loaded);
    else hooks.push(loaded);
  };
  for (const plan of planned) {
    if (plan.kind === "discovered" && disabled.off(path.resolve(plan.item.path)) !== undefined) continue;
    add(await loadPlanned(plan, loading));
  }

  const runs = resolved.runSettings;
  const settings = await loadSettings(
    runs ? project.settings.filter((file) => runs(file.source)) : project.settings,
    trust.trusted,
    skip,
    loading.bridgeOptions,
    (handler) => disabled.off(handlerId(handler), handler) !== undefined,
  );
  const warnings: DiscoveryWarning[] = [];
  const hooksConfig = resolved.hooksConfig;
  for (const moved of disabled.moved) {
    const message = movedHandlerWarning(moved, show);
    warnings.push({ kind: "config", ...(hooksConfig ? { file: hooksConfig } : {}), message });
  }
  if (settings.hook) hooks.push(settings.hook);
  if (settings.error) errors.push(settings.error);
  for (const issue of settings.issues) {
    const message = issue.path === "" ? issue.message : `${issue.message} (at ${issue.path})`;
    warnings.push({ kind: "settings", file: issue.file, message, issue });
  }
  return { hooks, errors, warnings, settings };
}

/** One planned hook: a configured or discovered module, an opencode plugin, or a pre/post script. */
async function loadPlanned(plan: Planned, loading: Loading): Promise<LoadedHook | HookLoadFailureEntry> {
  const { cwd, show, guard, importModule, moduleOptions, verify } = loading;
  if (plan.kind === "configured") return loadHookModule(plan.path, cwd, importModule, moduleOptions);
  const { item } = plan;
  const options = item.level === "project" ? { ...moduleOptions, verify } : moduleOptions;
  if (isPluginItem(item)) {
    const shown = show(item.path);
    const changed =
      item.level === "project" && item.problem === undefined
        ? trustChange(guard, item.path, shown)
        : undefined;
    if (changed) return changed;
    // A plugin's runtime is the host's (`pluginRuntimes`), imported with the first plugin found.
    const discovery = { cwd, pluginRuntimes: loading.pluginRuntimes };
    return loadPluginItem(item, shown, plan.provider, discovery, importModule, options);
  }
  if (item.type === "module" || isModulePath(item.path)) {
    const source: HookSource = { kind: "module", provider: plan.provider, level: item.level };
    // Loaded by its own path: the shown one may be relative to another folder (`showFrom`).
    const request = { path: show(item.path), file: path.resolve(cwd, item.path), source };
    const changed = item.level === "project" ? trustChange(guard, item.path, show(item.path)) : undefined;
    return changed ?? (await loadHookModule(request, cwd, importModule, options));
  }
  const script = item as HookItem & { type: "pre" | "post" };
  return loadScriptHook(script, show(item.path), plan.provider, loading.bridgeOptions);
}

type BridgeOptions = Parameters<typeof createSettingsHooks>[1];

/** Right before a project module is imported: is it (and its folder) still what was trusted? */
function trustChange(
  guard: TrustGuard | undefined,
  file: string,
  shown: string,
): HookLoadFailureEntry | undefined {
  try {
    guard?.module(file);
    return undefined;
  } catch (cause) {
    const error = new HookLoadError({
      hookPath: shown,
      resolvedPath: file,
      reason: "trust-changed",
      message: `Hook module \`${shown}\` was not imported: ${errorMessage(cause)}`,
      cause,
    });
    return { path: shown, error };
  }
}

async function loadScriptHook(
  item: HookItem & { type: "pre" | "post" },
  shown: string,
  provider: string,
  bridgeOptions: BridgeOptions,
): Promise<LoadedHook | HookLoadFailureEntry> {
  const handlers = await scriptHandlers(item, shown);
  if (handlers instanceof HookLoadError) return { path: shown, error: handlers };
  try {
    // One transcript per session: the settings files' bridge writes it. A pre/post script handles one event
    // of one tool, so it neither records the session (its own writer would repeat every line) nor subscribes
    // the events recording needs.
    const hook = await createSettingsHooks(handlers, { ...bridgeOptions, path: shown, transcript: false });
    // The bridge names the hook a settings hook; listings should show the script and its provider.
    return { ...hook, source: { kind: "script", provider, level: item.level, file: item.path } };
  } catch (cause) {
    return {
      path: shown,
      error: new HookLoadError({
        hookPath: shown,
        resolvedPath: item.path,
        reason: "script-failed",
        message: `Hook script \`${shown}\` could not be set up as a command hook: ${errorMessage(cause)}.`,
        cause,
      }),
    };
  }
}

async function loadSettings(
  files: readonly SettingsFileResult[],
  trusted: boolean,
  skip: (file: string, kind: "settings") => void,
  bridgeOptions: BridgeOptions,
  isOff: (handler: SettingsHandler) => boolean,
): Promise<{
  hook?: LoadedHook;
  error?: HookLoadFailureEntry;
  issues: SettingsIssue[];
  handlers: SettingsHandler[];
  disabled: boolean;
}> {
  const issues: SettingsIssue[] = [];
  const loaded: SettingsFileResult[] = [];
  let disabled = false;
  for (const file of files) {
    if (!file.exists) continue;
    if (isProjectSource(file.source) && !trusted) {
      // A file of nothing but hookwire's own connection entries would run nothing: not a hook that waits.
      const onlyConnections = file.handlers.length === 0 && (file.connections?.length ?? 0) > 0;
      if (!onlyConnections) skip(file.source.file, "settings");
      // Said even before trust: a settings file that is a device or a FIFO is an attack, not a typo.
      issues.push(...file.issues.filter((issue) => issue.code === "SETTINGS_REFUSED"));
      continue;
    }
    issues.push(...file.issues);
    loaded.push(file);
    disabled ||= file.disableAllHooks;
  }
  // A file's off switch turns off its own dialect's handlers (Codex's [features] hooks = false spares Claude's).
  const handlers: SettingsHandler[] = activeHandlers(loaded).filter((handler) => !isOff(handler));
  if (handlers.length === 0) return { issues, handlers, disabled };
  try {
    return { hook: await createSettingsHooks(handlers, bridgeOptions), issues, handlers, disabled };
  } catch (cause) {
    const error = new HookLoadError({
      hookPath: "settings hooks",
      resolvedPath: "",
      reason: "script-failed",
      message: `Settings hooks could not be set up: ${errorMessage(cause)}.`,
      cause,
    });
    return { error: { path: "settings hooks", error }, issues, handlers, disabled };
  }
}
