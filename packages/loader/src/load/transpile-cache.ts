// A persistent cache of TypeScript modules transpiled to self-contained CommonJS, loaded without jiti.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import { compileFunction } from "node:vm";
import { ensurePrivateDir } from "./cache-dir.js";

// Bumped whenever the shape of cached files changes.
const CACHE_VERSION = "1";
// Evaluated cached modules by cache file, shared like Node's require cache.
const evaluated = new Map<string, unknown>();

const REQUIRE = /\brequire\s*\(/g;
const STATIC_REQUIRE = /\brequire\s*\(\s*(["'])([^"']+)\1\s*\)/g;

/**
 * Transpiled code that runs the same from any folder: it requires only Node built-ins and uses nothing
 * tied to its own location or to jiti's runtime. Anything else keeps loading through jiti.
 */
export function isSelfContained(code: string): boolean {
  // jiti turns a parse error into code that sets __JITI_ERROR__; jiti.import reports it properly.
  if (/\bjitiImport\b|\b__JITI_ERROR__\b|\bimport\.meta\b|\b__dirname\b|\b__filename\b/.test(code))
    return false;
  const requires = code.match(REQUIRE)?.length ?? 0;
  const builtins = [...code.matchAll(STATIC_REQUIRE)].filter((match) => isBuiltin(match[2]!)).length;
  return requires === builtins;
}

const withDefault = new Map<string, unknown>();

/**
 * jiti's transform reads a default import as `require(id).default` and relies on jiti's runtime to
 * supply it; Node's built-ins have no `default`, so, as under ESM, the module itself is its default.
 */
function builtinRequire(file: string): (id: string) => unknown {
  const nativeRequire = createRequire(file);
  return (id) => {
    let wrapped = withDefault.get(id);
    if (wrapped === undefined) {
      const mod = nativeRequire(id) as object;
      wrapped = new Proxy(mod, {
        get: (target, key) => (key === "default" && !(key in target) ? target : Reflect.get(target, key)),
        has: (target, key) => key === "default" || Reflect.has(target, key),
      });
      withDefault.set(id, wrapped);
    }
    return wrapped;
  };
}

export interface TranspileCache {
  /** Where the transpiled copy of this exact source lives (it may not exist yet). */
  locate(file: string, source: string): string;
  has(cached: string): boolean;
  write(cached: string, code: string): void;
  /**
   * Evaluate as CommonJS under the source file's name, so stack traces and `require` point at it.
   * `code` is the cached text when the caller already holds it (it just wrote it).
   */
  load(cached: string, file: string, fresh: boolean, code?: string): unknown;
}

export function createTranspileCache(dir: string): TranspileCache {
  // Checked once: a folder another user can write would let them replace what runs.
  let usable: boolean | undefined;
  const isPrivate = () => (usable ??= ensurePrivateDir(dir));
  return {
    locate(file, source) {
      const key = createHash("sha256").update(`${CACHE_VERSION}\0${file}\0${source}`).digest("hex");
      return path.join(dir, `${path.basename(file).replace(/[^\w.-]/g, "_")}.${key.slice(0, 32)}.cjs`);
    },
    has(cached) {
      return isPrivate() && existsSync(cached);
    },
    // Synchronous, like the reads: a few KB cost less than two trips through the thread pool.
    write(cached, code) {
      if (!isPrivate()) return;
      const temporary = `${cached}.${process.pid}.${randomUUID()}.tmp`;
      writeFileSync(temporary, code, { mode: 0o600 });
      // Rename is atomic, so a concurrent reader never sees half a file.
      renameSync(temporary, cached);
    },
    load(cached, file, fresh, code) {
      if (!fresh && evaluated.has(cached)) return evaluated.get(cached);
      // Babel's generator puts statements back on their source lines, so positions match the file.
      const run = compileFunction(
        code ?? readFileSync(cached, "utf8"),
        ["exports", "require", "module", "__filename", "__dirname"],
        { filename: file },
      );
      const module = { exports: {} as unknown };
      run.call(module.exports, module.exports, builtinRequire(file), module, file, path.dirname(file));
      evaluated.set(cached, module.exports);
      return module.exports;
    },
  };
}
