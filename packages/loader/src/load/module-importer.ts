// Imports hook modules: native `import()` for JS, a jiti instance started on first need for TypeScript.

import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Jiti } from "jiti";
import { needsTransform } from "./module-kind.js";
import {
  createTranspileCache,
  defaultModuleCacheDir,
  isSelfContained,
  type TranspileCache,
} from "./transpile-cache.js";

export interface ModuleImportOptions {
  /**
   * Module aliases for jiti (`{ "@mariozechner/pi-coding-agent": "/host/pi.js" }`). They apply to
   * TypeScript modules only: Node resolves the imports of natively imported `.js/.mjs/.cjs` files itself.
   */
  alias?: Record<string, string>;
  /**
   * Persistent transform cache: a directory, `true` for the default place, `false` for none. Default `true`.
   * Self-contained modules (imports of types and Node built-ins only) are cached as CommonJS in
   * `<dir>/hookwire` (default `~/.cache/hookwire/modules`) and load on later runs without starting jiti;
   * the others use jiti's own cache in `<dir>` (default: jiti's).
   */
  fsCache?: boolean | string;
  /**
   * Keep modules in the runtime cache (default `true`). `false` re-evaluates edited files on every load;
   * for native imports this adds a query to the URL, and Node keeps every evaluated copy in memory.
   */
  moduleCache?: boolean;
}

export type ModuleImporter = (file: string) => Promise<unknown>;

let reloadCounter = 0;

interface JitiError {
  code?: string;
  message?: string;
  line?: number;
  column?: number;
}

export function createModuleImporter(options: ModuleImportOptions = {}): ModuleImporter {
  const fsCache = options.fsCache ?? true;
  const cache: TranspileCache | undefined =
    fsCache === false
      ? undefined
      : createTranspileCache(fsCache === true ? defaultModuleCacheDir() : path.join(fsCache, "hookwire"));
  const fresh = options.moduleCache === false;

  const start = async (cacheDir: boolean | string) => {
    const { createJiti } = await import("jiti");
    return createJiti(import.meta.url, {
      alias: options.alias,
      fsCache: cacheDir,
      moduleCache: !fresh,
      // The loader checks `default` itself; jiti's interop proxy would hide a missing default export.
      interopDefault: false,
    });
  };
  let jiti: Promise<Jiti> | undefined;
  // A second instance without jiti's cache: its transform would otherwise also write jiti's cache file.
  let transformer: Promise<Jiti> | undefined;

  const transformed = async (file: string): Promise<unknown> => {
    if (!cache) {
      jiti ??= start(fsCache);
      return (await jiti).import(file);
    }
    // Synchronous reads: for small files they cost less than a trip through the thread pool.
    const source = readFileSync(file, "utf8");
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
      jiti ??= start(fsCache);
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
      code = (await transformer).transform({ source: readFileSync(file, "utf8"), filename: file });
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
    const url = pathToFileURL(file);
    if (fresh) url.searchParams.set("hookwire-reload", String(++reloadCounter));
    try {
      return await import(/* @vite-ignore */ url.href);
    } catch (error) {
      throw (await parseFailure(file)) ?? error;
    }
  };
}
