// Imports hook modules: native `import()` for JS, a jiti instance started on first need for TypeScript.

import { closeSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { openRegularFile, readRegularFile } from "@hookwire/core";
import type { Jiti } from "jiti";
import { defaultCacheRoot, ensurePrivateDir } from "./cache-dir.js";
import { needsTransform } from "./module-kind.js";
import { createModuleRunner, runsInRunner } from "./module-runner.js";

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
}

export interface ModuleImportOptions {
  /**
   * Module aliases for jiti (`{ "@mariozechner/pi-coding-agent": "/host/pi.js" }`). They apply to
   * TypeScript modules only: Node resolves the imports of natively imported `.js/.mjs/.cjs` files itself.
   */
  alias?: Record<string, string>;
  /**
   * Persistent transform cache: a directory, `true` for the default place, `false` for none. Default `true`.
   * `.ts` / `.mts` modules and the TypeScript helpers they import are transformed by oxc and cached, each
   * under the hash of its source, in `<dir>/hookwire` (default `$XDG_CACHE_HOME/hookwire/modules`, else
   * `~/.cache/hookwire/modules`); they run without jiti. What they import from packages, `.cts` modules
   * and modules oxc cannot transform go through jiti, whose cache is `<dir>` (default `<same root>/jiti`).
   * Settings handlers zod accepted are remembered in `<root>/settings` (`<dir>/hookwire-settings`), so an
   * unchanged settings file is validated without importing zod.
   * Never jiti's own default, the shared temp folder or a `node_modules/.cache` inside the project, where
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

export type ModuleImporter = (file: string) => Promise<unknown>;

/**
 * The hookwire packages a hook may import at run time (`shellCommands` from shell-rules, `exec` from core)
 * resolve to the host's own copies, as pi aliases its package for hooks: a project need not install them,
 * and a hook sees the same error classes and parser as the runner. A caller's `alias` wins.
 */
let hostAlias: Record<string, string> | undefined;
function hostPackages(): Record<string, string> {
  if (hostAlias) return hostAlias;
  const require = createRequire(import.meta.url);
  const alias: Record<string, string> = {};
  for (const name of ["@hookwire/core", "@hookwire/settings-hooks", "@hookwire/shell-rules"]) {
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

interface JitiError {
  code?: string;
  message?: string;
  line?: number;
  column?: number;
}

export function createModuleImporter(options: ModuleImportOptions = {}): ModuleImporter {
  const fsCache = options.fsCache ?? true;
  const root = fsCache === false ? undefined : fsCache === true ? defaultCacheRoot() : fsCache;
  const jitiCacheDir = root === undefined ? undefined : fsCache === true ? path.join(root, "jiti") : root;
  const fresh = options.moduleCache === false;
  const alias = () => ({ ...hostPackages(), ...options.alias });

  const start = async (useCache: boolean) => {
    const { createJiti } = await import("jiti");
    const dir =
      useCache && jitiCacheDir !== undefined && ensurePrivateDir(jitiCacheDir) ? jitiCacheDir : false;
    return createJiti(import.meta.url, {
      alias: alias(),
      fsCache: dir,
      moduleCache: !fresh,
      // The loader checks `default` itself; jiti's interop proxy would hide a missing default export.
      interopDefault: false,
    });
  };
  let jiti: Promise<Jiti> | undefined;
  // A second instance without jiti's cache, for the position of a syntax error only.
  let transformer: Promise<Jiti> | undefined;

  const runner = createModuleRunner({
    dir: root === undefined ? undefined : path.join(root, fsCache === true ? "modules" : "hookwire"),
    alias,
    readSource: readModuleSource,
    importOther: async (specifier, parent) => {
      jiti ??= start(true);
      return (await jiti).import(specifier, { parentURL: pathToFileURL(parent) });
    },
  });

  const transformed = async (file: string): Promise<unknown> => {
    // The runner: oxc's transform, cached by content hash with the helpers; jiti is not started at all.
    if (runsInRunner(file)) {
      const loaded = await runner.load(file, fresh);
      if (loaded !== undefined) return loaded;
    } else {
      // Read (and checked) like the rest, even though jiti reads it again.
      readModuleSource(file);
    }
    // What the runner leaves (CommonJS, a syntax error, which jiti reports with its position).
    jiti ??= start(true);
    return (await jiti).import(file);
  };

  /** Node 20 reports an ES module syntax error without its position; the transform's parser has it. */
  const parseFailure = async (file: string): Promise<Error | undefined> => {
    transformer ??= start(false);
    let code: string;
    try {
      code = (await transformer).transform({ source: readModuleSource(file), filename: file });
    } catch {
      return undefined;
    }
    const marker = "exports.__JITI_ERROR__ = ";
    if (!code.startsWith(marker)) return undefined;
    const found = JSON.parse(code.slice(marker.length).replace(/;?\s*$/, "")) as JitiError;
    return new SyntaxError(
      `${found.code ?? "SyntaxError"}: ${String(found.message).trim()}\n${file}:${found.line}:${found.column}`,
    );
  };

  return async (file) => {
    if (needsTransform(file)) return transformed(file);
    checkModuleFile(file);
    const url = pathToFileURL(file);
    if (fresh) url.searchParams.set("hookwire-reload", String(++reloadCounter));
    try {
      return await import(/* @vite-ignore */ url.href);
    } catch (error) {
      throw (await parseFailure(file)) ?? error;
    }
  };
}
