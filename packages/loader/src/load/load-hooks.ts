// loadHooks: imports each hook module, checks its default export and runs the factory through core.
import { realpathSync, statSync } from "node:fs";
import path from "node:path";
import {
  createEventBus,
  errorMessage,
  type HookEventBus,
  type HookFactory,
  type HookSource,
  type HookwireError,
  instantiateHook,
  isHookwireError,
  type LoadedHook,
} from "@hookwire/core";
import {
  DEFAULT_LOAD_TIMEOUT_MS,
  holdExits,
  loadTimeoutError,
  typeName,
  withDeadline,
} from "@hookwire/core/internal";
import { HookLoadError } from "../errors.js";
import { resolvePath } from "../resolve-path.js";
import { createModuleImporter, type ModuleImporter, type ModuleImportOptions } from "./module-importer.js";
import { isModulePath, MODULE_EXTENSIONS } from "./module-kind.js";
import type { VerifySource } from "./module-runner.js";

/** A module to load with where it came from; a plain string is an explicitly configured path. */
export interface HookModuleRequest {
  /** How the hook is named (errors, traces); also where it is loaded from unless `file` says. */
  path: string;
  /** The file itself, when `path` is shown from another folder than `cwd`. */
  file?: string;
  source?: HookSource;
}

export interface LoadHooksOptions extends ModuleImportOptions {
  /** Home directory for `~` expansion. Default `os.homedir()`. */
  home?: string;
  /**
   * Milliseconds a module may take to evaluate, and then its factory to settle (each); after it the
   * module fails with reason `load-timeout` (`HOOK_LOAD_TIMEOUT`). Default 10 s; 0 = no limit.
   */
  loadTimeout?: number;
}

export interface HookLoadFailureEntry {
  /** The path as configured or discovered. */
  path: string;
  error: HookLoadError;
}

export interface LoadHooksResult {
  /** In the order of `paths`, without the ones that failed. */
  hooks: LoadedHook[];
  errors: HookLoadFailureEntry[];
}

const EXPLICIT: HookSource = { kind: "module", level: "explicit" };

/** One line for a failure: transform errors carry code frames and require stacks that belong in `details`. */
function summarise(text: string): string {
  const lines = text.split("\n").map((line) => line.trim());
  const first = (lines[0] ?? "").replace(/\.+$/, "");
  const location = lines.slice(1).find((line) => /:\d+:\d+$/.test(line));
  return location ? `${first} (at ${location})` : first;
}

/** The default export, or `missing`; `module.exports = function` arrives as the function itself. */
function defaultExport(namespace: unknown): { value: unknown } | "missing" {
  if (typeof namespace === "function") return { value: namespace };
  if (typeof namespace === "object" && namespace !== null && "default" in namespace) {
    return { value: (namespace as { default: unknown }).default };
  }
  return "missing";
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

export interface LoadHookModuleOptions {
  /** Home directory for `~` expansion. Default `os.homedir()`. */
  home?: string;
  /** Milliseconds evaluation and factory may take. Default `DEFAULT_LOAD_TIMEOUT_MS`; 0 = no limit. */
  loadTimeout?: number;
  /** The `pi.events` bus the modules loaded together share. */
  eventBus?: HookEventBus;
  /**
   * Reads the factory out of the module's exports (another dialect's module shape, e.g. OpenCode plugins);
   * a string is why the exports are not a hook. Default: the default export must be a function.
   */
  factoryOf?: (namespace: unknown) => HookFactory | { problem: string };
  /** Findings added to the loaded hook's `warnings` once its factory ran (filled by `factoryOf`'s factory). */
  warningsOf?: () => readonly HookwireError[];
  /** Sees every file the import runs, before it runs (the trust guard of a project hook); throwing refuses it. */
  verify?: VerifySource;
}

/** Load one module; a failure comes back as an entry instead of a throw. */
export async function loadHookModule(
  entry: string | HookModuleRequest,
  cwd: string,
  importModule: ModuleImporter,
  options: LoadHookModuleOptions = {},
): Promise<LoadedHook | HookLoadFailureEntry> {
  const request: HookModuleRequest = typeof entry === "string" ? { path: entry } : entry;
  const hookPath = request.path;
  const resolvedPath = request.file ?? resolvePath(hookPath, cwd, options.home);
  const fail = (reason: HookLoadError["reason"], message: string, cause?: unknown, details?: string) => ({
    path: hookPath,
    error: new HookLoadError({ hookPath, resolvedPath, reason, message, cause, details }),
  });

  if (!isModulePath(resolvedPath)) {
    return fail(
      "unsupported-extension",
      `Hook module \`${hookPath}\` has extension \`${path.extname(resolvedPath) || "(none)"}\`; expected one of ${MODULE_EXTENSIONS.join(", ")}. ` +
        "Scripts run as command hooks from a hooks/pre or hooks/post folder, or from a settings file.",
    );
  }
  if (!isFile(resolvedPath)) {
    return fail(
      "not-found",
      `Hook module \`${hookPath}\` was not found at \`${resolvedPath}\`. Check the path or remove it from the configured hooks.`,
    );
  }

  const timedOut = (cause: unknown) => {
    if (!isHookwireError(cause)) return undefined;
    if (cause.code === "HOOK_LOAD_TIMEOUT") return fail("load-timeout", cause.message, cause);
    // The trust guard refused a file the import was about to run.
    if (cause.code === "HOOK_TRUST_CHANGED")
      return fail("trust-changed", `Hook module \`${hookPath}\` was not imported: ${cause.message}`, cause);
    return undefined;
  };

  const loadTimeout = options.loadTimeout ?? DEFAULT_LOAD_TIMEOUT_MS;
  let namespace: unknown;
  try {
    // A top-level await that never settles must not hang loading either.
    const timeout = () => loadTimeoutError(hookPath, loadTimeout);
    const verify = options.verify;
    // Its top-level code's process.exit fails the import instead of ending the host.
    const release = holdExits(
      new Map([
        [resolvedPath, hookPath],
        [realPath(resolvedPath), hookPath],
      ]),
    );
    try {
      namespace = await withDeadline(() => importModule(resolvedPath, { verify }), {
        ms: loadTimeout,
        timeout,
      });
    } finally {
      release();
    }
  } catch (cause) {
    const late = timedOut(cause);
    if (late) return late;
    const text = errorMessage(cause);
    return fail(
      "import-failed",
      `Hook module \`${hookPath}\` could not be imported: ${summarise(text)}. Fix the module so it evaluates, then reload.`,
      cause,
      text.includes("\n") ? text : undefined,
    );
  }

  const adapted = options.factoryOf?.(namespace);
  if (adapted !== undefined && typeof adapted !== "function") {
    return fail("invalid-exports", `Hook module \`${hookPath}\` ${adapted.problem}.`);
  }
  const exported = adapted ? { value: adapted } : defaultExport(namespace);
  if (exported === "missing") {
    return fail(
      "no-default-export",
      `Hook module \`${hookPath}\` has no default export; expected \`export default function (pi) { … }\`.`,
    );
  }
  const factory = exported.value;
  if (typeof factory !== "function") {
    return fail(
      "default-not-function",
      `Hook module \`${hookPath}\` must default-export a function, got \`${typeName(factory)}\`.`,
    );
  }

  try {
    const hook = await instantiateHook(factory as HookFactory, {
      path: hookPath,
      cwd,
      resolvedPath,
      source: request.source ?? EXPLICIT,
      loadTimeout,
      eventBus: options.eventBus,
    });
    const extra = options.warningsOf?.() ?? [];
    return extra.length > 0 ? { ...hook, warnings: [...hook.warnings, ...extra] } : hook;
  } catch (cause) {
    const late = timedOut(cause);
    if (late) return late;
    return fail(
      "factory-failed",
      `Hook module \`${hookPath}\` failed while its default export ran: ${summarise(errorMessage(cause))}. The factory must register handlers without throwing.`,
      cause,
    );
  }
}

export function isLoadFailure(value: LoadedHook | HookLoadFailureEntry): value is HookLoadFailureEntry {
  return "error" in value && value.error instanceof HookLoadError;
}

/** Load each path in order; every failure becomes an entry in `errors` and the rest still load. */
export async function loadHooks(
  paths: ReadonlyArray<string | HookModuleRequest>,
  cwd: string,
  options: LoadHooksOptions = {},
): Promise<LoadHooksResult> {
  const importModule = createModuleImporter(options);
  const hooks: LoadedHook[] = [];
  const errors: HookLoadFailureEntry[] = [];
  // As in pi, the modules of one load share one pi.events bus.
  const eventBus = createEventBus();
  for (const entry of paths) {
    const loaded = await loadHookModule(entry, cwd, importModule, {
      home: options.home,
      loadTimeout: options.loadTimeout,
      eventBus,
    });
    if (isLoadFailure(loaded)) errors.push(loaded);
    else hooks.push(loaded);
  }
  return { hooks, errors };
}
