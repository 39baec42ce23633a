// discoverAndLoadHooks: every hook of a project in one call — discovered files, configured paths, settings.
import path from "node:path";
import { createEventBus, displayPath, errorMessage, type HookSource, type LoadedHook } from "@hookwire/core";
import {
  createSettingsHooks,
  type SettingsFileResult,
  type SettingsHandler,
  type SettingsIssue,
} from "@hookwire/settings-hooks";
import { quote } from "shell-quote";
import type { CapabilityEntry } from "../capability/types.js";
import { HookLoadError } from "../errors.js";
import type { HookItem } from "../hooks/hook-item.js";
import { scriptHandlers } from "../hooks/script-handlers.js";
import { type HookLoadFailureEntry, isLoadFailure, loadHookModule } from "../load/load-hooks.js";
import { createModuleImporter } from "../load/module-importer.js";
import { isModulePath } from "../load/module-kind.js";
import { resolvePath } from "../resolve-path.js";
import { decideTrust } from "../trust/decide.js";
import { fingerprintProject } from "../trust/fingerprint.js";
import { collectProject, isProjectSettings } from "./collect.js";
import { type DiscoverOptions, resolveDiscoverOptions } from "./options.js";

/** A project item that did not load because the project is not trusted. */
export interface SkippedItem {
  path: string;
  kind: "hook" | "settings";
  reason: string;
  /** The command that trusts the project as it is now. */
  trustCommand: string;
}

export interface DiscoveryWarning {
  kind: "provider" | "settings" | "trust";
  message: string;
  provider?: string;
  file?: string;
  /** For settings warnings: the issue as data. */
  issue?: SettingsIssue;
}

export interface DiscoverAndLoadResult {
  /** Discovered hooks in discovery order, then configured paths, then one hook for all settings handlers. */
  hooks: LoadedHook[];
  /** Every discovered hook file by provider, shadowed ones included (`shadowed: true`), for listings. */
  discovered: CapabilityEntry<HookItem>[];
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
  trust: { root: string; fingerprint: string; trusted: boolean; items: string[] };
}

type Planned =
  | { kind: "discovered"; item: HookItem; provider: string }
  | { kind: "configured"; path: string; resolved: string };

/** Picks what loads from what was discovered: untrusted project items are skipped and shadow nothing. */
function selectDiscovered(
  all: readonly CapabilityEntry<HookItem>[],
  trusted: boolean,
  skip: (item: HookItem) => void,
): Planned[] {
  const taken = new Set<string>();
  const planned: Planned[] = [];
  for (const entry of all) {
    if (entry.item.level === "project" && !trusted) {
      skip(entry.item);
      continue;
    }
    if (taken.has(entry.key)) continue;
    taken.add(entry.key);
    planned.push({ kind: "discovered", item: entry.item, provider: entry.provider });
  }
  return planned;
}

export async function discoverAndLoadHooks(
  configuredPaths: readonly string[],
  cwd: string,
  options: DiscoverOptions = {},
): Promise<DiscoverAndLoadResult> {
  const resolved = resolveDiscoverOptions(cwd, options);
  const project = await collectProject(resolved);
  const { fingerprint, items } = await fingerprintProject(resolved.cwd, project.trustItems);
  const verdict = await decideTrust(
    resolved.trust,
    { root: project.root, fingerprint, items },
    resolved.trustStore,
  );
  const trustCommand = `hookwire trust --cwd ${quote([project.root])}`;

  const warnings: DiscoveryWarning[] = project.discovery.warnings.map((w) => ({
    kind: "provider",
    provider: w.provider,
    message: w.message,
  }));
  if (verdict.warning) warnings.push({ kind: "trust", file: resolved.trustStore, message: verdict.warning });
  const skipped: SkippedItem[] = [];
  const show = (file: string) => displayPath(file, resolved.cwd, resolved.home);
  const skip = (file: string, kind: SkippedItem["kind"]) =>
    skipped.push({
      path: show(file),
      kind,
      reason: verdict.reason ?? "the project is not trusted",
      trustCommand,
    });

  const planned = selectDiscovered(project.discovery.all, verdict.trusted, (item) => skip(item.path, "hook"));
  const seen = new Set(
    planned.flatMap((plan) => (plan.kind === "discovered" ? [path.resolve(plan.item.path)] : [])),
  );
  for (const configured of configuredPaths) {
    const absolute = resolvePath(configured, resolved.cwd, resolved.home);
    if (seen.has(absolute)) continue;
    seen.add(absolute);
    planned.push({ kind: "configured", path: configured, resolved: absolute });
  }

  const importModule = createModuleImporter(resolved);
  const eventBus = createEventBus();
  const bridgeOptions = { ...resolved.settings, cwd: resolved.cwd, projectDir: resolved.cwd };
  const hooks: LoadedHook[] = [];
  const errors: HookLoadFailureEntry[] = [];
  const add = (loaded: LoadedHook | HookLoadFailureEntry) => {
    if (isLoadFailure(loaded)) errors.push(loaded);
    else hooks.push(loaded);
  };

  for (const plan of planned) {
    if (plan.kind === "configured") {
      add(await loadHookModule(plan.path, resolved.cwd, importModule, resolved.home, eventBus));
      continue;
    }
    const { item } = plan;
    if (item.type === "module" || isModulePath(item.path)) {
      const source: HookSource = { kind: "module", provider: plan.provider, level: item.level };
      add(
        await loadHookModule(
          { path: show(item.path), source },
          resolved.cwd,
          importModule,
          resolved.home,
          eventBus,
        ),
      );
      continue;
    }
    add(
      await loadScriptHook(
        item as HookItem & { type: "pre" | "post" },
        show(item.path),
        plan.provider,
        bridgeOptions,
      ),
    );
  }

  const settings = await loadSettings(project.settings, verdict.trusted, skip, bridgeOptions);
  if (settings.hook) hooks.push(settings.hook);
  if (settings.error) errors.push(settings.error);
  for (const issue of settings.issues) {
    const message = issue.path === "" ? issue.message : `${issue.message} (at ${issue.path})`;
    warnings.push({ kind: "settings", file: issue.file, message, issue });
  }

  return {
    hooks,
    discovered: project.discovery.all,
    errors,
    skipped,
    warnings,
    settings: {
      files: project.settings,
      issues: settings.issues,
      disabled: settings.disabled,
      handlers: settings.handlers,
    },
    trust: { root: project.root, fingerprint, trusted: verdict.trusted, items },
  };
}

type BridgeOptions = Parameters<typeof createSettingsHooks>[1];

async function loadScriptHook(
  item: HookItem & { type: "pre" | "post" },
  shown: string,
  provider: string,
  bridgeOptions: BridgeOptions,
): Promise<LoadedHook | HookLoadFailureEntry> {
  const handlers = await scriptHandlers(item, shown);
  if (handlers instanceof HookLoadError) return { path: shown, error: handlers };
  try {
    const hook = await createSettingsHooks(handlers, { ...bridgeOptions, path: shown });
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
): Promise<{
  hook?: LoadedHook;
  error?: HookLoadFailureEntry;
  issues: SettingsIssue[];
  handlers: SettingsHandler[];
  disabled: boolean;
}> {
  const issues: SettingsIssue[] = [];
  const handlers: SettingsHandler[] = [];
  let disabled = false;
  for (const file of files) {
    if (!file.exists) continue;
    if (isProjectSettings(file) && !trusted) {
      skip(file.source.file, "settings");
      continue;
    }
    issues.push(...file.issues);
    handlers.push(...file.handlers);
    disabled ||= file.disableAllHooks;
  }
  if (disabled || handlers.length === 0) return { issues, handlers: disabled ? [] : handlers, disabled };
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
