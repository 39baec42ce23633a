// Imports hook modules: the runner for TypeScript (ES modules and CommonJS) and aliased JavaScript, native `import()` for the rest.

import { closeSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { openRegularFile, readRegularFile } from "@hookwire/core/internal";
import { engineOf, importCache, packageScopeProblem } from "@hookwire/trust/modules";
import { defaultCacheRoot } from "@hookwire/trust/private-files";
import { createModuleRunner, type VerifySource } from "./module-runner.js";
import { parseError } from "./oxc-transform.js";
import { runningPiAliases } from "./pi-host.js";

/** Where self-contained TypeScript modules are cached: `<cache root>/modules`. */
export function defaultModuleCacheDir(env: Record<string, string | undefined> = process.env): string {
  return path.join(defaultCacheRoot(env), "modules");
}

/** Hook modules larger than this are not loaded (8 MiB: far above any hook, bundled ones included). */
export const MAX_MODULE_BYTES = 8 * 1024 * 1024;

/** The module's source, read only when it is a regular file within the cap. */
function readModuleSource(file: string): string {
  const read = readRegularFile(file, MAX_MODULE_BYTES);
  if (!read.ok)
    throw new Error(
      `${file} ${read.message}; hook modules must be regular files of at most ${MAX_MODULE_BYTES} bytes`,
    );
  return read.data.toString("utf8");
}

/** Node reads natively imported files itself: they are checked the same way first. */
function checkModuleFile(file: string): void {
  const opened = openRegularFile(file, MAX_MODULE_BYTES);
  if (!opened.ok)
    throw new Error(
      `${file} ${opened.message}; hook modules must be regular files of at most ${MAX_MODULE_BYTES} bytes`,
    );
  closeSync(opened.fd);
  checkPackageScope(file);
}

/** What Node imports must not sit under a package.json they would never finish reading. */
function checkPackageScope(file: string): void {
  const problem = packageScopeProblem(file);
  if (problem !== undefined) throw new Error(problem);
}

export interface ModuleImportOptions {
  /**
   * Module aliases (`{ "@mariozechner/pi-coding-agent": "/host/pi.js" }`), for the runner. A `.js/.mjs/.cjs`
   * module whose imports name one runs in the runner (`namesAlias`); Node resolves the imports of the others itself.
   */
  alias?: Record<string, string>;
  /**
   * Persistent transform cache: a directory, `true` for the default place, `false` for none. Default `true`.
   * `.ts` / `.mts` / `.cts` modules and the TypeScript helpers they import are transformed by oxc and cached, each
   * under the hash of its source, in `<dir>/hookwire` (default `$XDG_CACHE_HOME/hookwire/modules`, else
   * `~/.cache/hookwire/modules`). What they import from packages Node imports itself.
   * Settings handlers zod accepted are remembered in `<root>/settings` (`<dir>/hookwire-settings`), so an
   * unchanged settings file is validated without importing zod.
   * Never the shared temp folder or a `node_modules/.cache` inside the project, where
   * anyone who can write there could replace what runs. A folder that is not private to this user (mode
   * 0700, owned by them) is not used; a cache entry that is not this user's, or whose content does not
   * match the hash stored with it, is transformed again.
   */
  fsCache?: boolean | string;
  /**
   * Keep modules in the runtime cache (default `true`). `false` re-evaluates edited files on every load;
   * for native imports this adds a query to the URL, and Node keeps every evaluated copy in memory.
   */
  moduleCache?: boolean;
}

/** Imports one hook module; `verify` sees every file the import runs, before it runs (the trust guard). */
export type ModuleImporter = (file: string, options?: { verify?: VerifySource }) => Promise<unknown>;

/**
 * The hookwire packages a hook may import at run time (`shellCommands` from shell-rules, `exec` from core)
 * resolve to the host's own copies, as pi aliases its package for hooks: a project need not install them,
 * and a hook sees the same error classes and parser as the runner. Inside pi, pi's own aliases too (its packages
 * under both scopes and TypeBox, `runningPiAliases`), so pi's extensions load as in pi. A caller's `alias` wins.
 */
let hostAlias: Record<string, string> | undefined;
/**
 * Set by a host that carries these packages inside itself (the CLI's hook-path bundle): the files that hand a hook
 * the host's own instances, so one process has one of each (one RunScope, one parser).
 */
const OWN_PACKAGES = Symbol.for("hookwire.host-package-files");
function hostPackages(): Record<string, string> {
  if (hostAlias) return hostAlias;
  const own = (globalThis as { [OWN_PACKAGES]?: Record<string, string> })[OWN_PACKAGES];
  if (own) {
    hostAlias = { ...runningPiAliases(), ...own };
    return hostAlias;
  }
  const require = createRequire(import.meta.url);
  const alias: Record<string, string> = { ...runningPiAliases() };
  // Core's subpaths too: the packages import `@hookwire/core/internal`, which the `@hookwire/core` alias alone would
  // turn into a path under core's index file.
  const names = ["@hookwire/core", "@hookwire/core/events", "@hookwire/core/internal"];
  for (const name of [...names, "@hookwire/settings-hooks", "@hookwire/shell-rules"]) {
    try {
      alias[name] = require.resolve(name);
    } catch {
      // Not resolvable from here (an unusual install): the hook resolves it itself.
    }
  }
  hostAlias = alias;
  return alias;
}

let reloadCounter = 0;

/**
 * One decision for every file: the resolver's `engineOf` says who runs it. TypeScript and JSX modules run in the
 * loader's runner (oxc, cached by content hash), CommonJS ones (`.cts`, a `.ts` that uses `require`) included: the
 * one engine for TypeScript. What Node runs itself (`.js`, `.mjs`, `.cjs`) is imported natively, as the host's Node
 * would, unless its imports name an aliased package (`runner.runs`).
 */
export function createModuleImporter(options: ModuleImportOptions = {}): ModuleImporter {
  const fsCache = options.fsCache ?? true;
  const root = fsCache === false ? undefined : fsCache === true ? defaultCacheRoot() : fsCache;
  const fresh = options.moduleCache === false;
  const alias = () => ({ ...hostPackages(), ...options.alias });

  const runner = createModuleRunner({
    dir: root === undefined ? undefined : path.join(root, fsCache === true ? "modules" : "hookwire"),
    alias,
    readSource: readModuleSource,
    // The trust walk's cache of the same scans: a warm start lexes nothing it read before.
    ...(root === undefined ? {} : { imports: importCache() }),
  });

  return async (file, { verify } = {}) => {
    if (engineOf(file) === "runner" || runner.runs(file)) return runner.load(file, { fresh, verify });
    checkModuleFile(file);
    verify?.(file, undefined);
    const url = pathToFileURL(file);
    if (fresh) url.searchParams.set("hookwire-reload", String(++reloadCounter));
    try {
      return await import(/* @vite-ignore */ url.href);
    } catch (error) {
      // Node 20 reports an ES module's syntax error without its position; oxc's parser has it.
      throw (await parseError(file, readModuleSource(file))) ?? error;
    }
  };
}
