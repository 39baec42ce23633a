// Imports hook modules: native `import()` for JS, a jiti instance started on first need for TypeScript.

import { closeSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { openRegularFile, readRegularFile } from "@hookwire/core";
import type { Jiti } from "jiti";
import { defaultCacheRoot, ensurePrivateDir } from "./cache-dir.js";
import { needsTransform } from "./module-kind.js";
import { createTranspileCache, isSelfContained, type TranspileCache } from "./transpile-cache.js";

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
   * Self-contained modules (imports of types and Node built-ins only) are cached as CommonJS in
   * `<dir>/hookwire` (default `$XDG_CACHE_HOME/hookwire/modules`, else `~/.cache/hookwire/modules`) and
   * load on later runs without starting jiti; the others use jiti's cache in `<dir>` (default
   * `<same root>/jiti`). Never jiti's own default, the shared temp folder or a `node_modules/.cache`
   * inside the project, where anyone who can write there could replace what runs. A folder that is
   * not private to this user (mode 0700, owned by them) is not used.
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
 * The hookwire packages a hook may import at run time (`shellCommands` from settings-hooks, `exec` from core)
 * resolve to the host's own copies, as pi aliases its package for hooks: a project need not install them,
 * and a hook sees the same error classes and parser as the runner. A caller's `alias` wins.
 */
let hostAlias: Record<string, string> | undefined;
function hostPackages(): Record<string, string> {
  if (hostAlias) return hostAlias;
  const require = createRequire(import.meta.url);
  const alias: Record<string, string> = {};
  for (const name of ["@hookwire/core", "@hookwire/settings-hooks"]) {
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
  const cache: TranspileCache | undefined =
    root === undefined
      ? undefined
      : createTranspileCache(path.join(root, fsCache === true ? "modules" : "hookwire"));
  const jitiCacheDir = root === undefined ? undefined : fsCache === true ? path.join(root, "jiti") : root;
  const fresh = options.moduleCache === false;

  const start = async (useCache: boolean) => {
    const { createJiti } = await import("jiti");
    const dir =
      useCache && jitiCacheDir !== undefined && ensurePrivateDir(jitiCacheDir) ? jitiCacheDir : false;
    return createJiti(import.meta.url, {
      alias: { ...hostPackages(), ...options.alias },
      fsCache: dir,
      moduleCache: !fresh,
      // The loader checks `default` itself; jiti's interop proxy would hide a missing default export.
      interopDefault: false,
    });
  };
  let jiti: Promise<Jiti> | undefined;
  // A second instance without jiti's cache: its transform would otherwise also write jiti's cache file.
  let transformer: Promise<Jiti> | undefined;

  const transformed = async (file: string): Promise<unknown> => {
    // Synchronous reads: for small files they cost less than a trip through the thread pool.
    const source = readModuleSource(file);
    if (!cache) {
      jiti ??= start(false);
      return (await jiti).import(file);
    }
    const cached = cache.locate(file, source);
    // The warm path: jiti (tens of milliseconds to start) is not needed at all.
    if (cache.has(cached)) return cache.load(cached, file, fresh);
    transformer ??= start(false);
    let code: string | undefined;
    try {
      code = (await transformer).transform({ source, filename: file, ts: true });
    } catch {
      // jiti.import reports the same failure with its usual message.
    }
    if (code === undefined || !isSelfContained(code)) {
      jiti ??= start(true);
      return (await jiti).import(file);
    }
    try {
      cache.write(cached, code);
    } catch {
      // The cache is an optimisation: a folder that cannot be written (read-only home) only costs speed.
    }
    return cache.load(cached, file, fresh, code);
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
