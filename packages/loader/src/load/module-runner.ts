// Runs TypeScript hook modules and their TypeScript helpers from a per-user cache of oxc's output, keyed by content hash.
import { randomUUID } from "node:crypto";
import { lstatSync, renameSync, statSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runInThisContext } from "node:vm";
import { ensurePrivateDir } from "./cache-dir.js";
import { readPrivateFile, sha256 } from "./cache-entry.js";
import { RUNNER_PARAMS, type Transformed, transformModule } from "./oxc-transform.js";

// Bumped whenever the shape of cached files or of the transform changes.
const CACHE_VERSION = "2";
const HEADER = "//hookwire-module ";

/** Run by the runner; `.cts` (CommonJS) and `.tsx` (JSX) stay with jiti. */
const RUNNER_EXTENSIONS = new Set([".ts", ".mts"]);
const NATIVE_EXTENSIONS = new Set([".js", ".mjs", ".cjs"]);
const TS_FOR_JS: Record<string, string> = { ".js": ".ts", ".mjs": ".mts" };

// Code that expects CommonJS (`require`, `module.exports`) is not a module the runner can run.
const COMMONJS = /\brequire\s*\(|\bmodule\.exports\b|\b__dirname\b|\b__filename\b|\bexports\.\w/;

type Target = { kind: "module"; file: string } | { kind: "native"; specifier: string } | { kind: "other" };

interface Planned extends Transformed {
  file: string;
  key: string;
}

interface Evaluation {
  exports: Record<PropertyKey, unknown>;
  /** Still running its body: an import cycle gets the exports object as it is, as ESM does. */
  running: boolean;
  done: Promise<void>;
}

export interface ModuleRunnerOptions {
  /** The private cache folder; `undefined` transforms in memory on every start. */
  dir: string | undefined;
  /** Package names to files or folders; asked on the first bare specifier (resolving the host's packages costs). */
  alias: () => Record<string, string>;
  /** Reads a module's source (the caller's size and file-type checks). */
  readSource(file: string): string;
  /** Imports what the runner does not resolve itself (packages), as seen from `parent`. */
  importOther(specifier: string, parent: string): Promise<unknown>;
}

export interface ModuleRunner {
  /** The module's exports; `undefined` when it or one of its helpers is for jiti (a syntax error, CommonJS). */
  load(file: string, fresh: boolean): Promise<unknown>;
}

export function runsInRunner(file: string): boolean {
  return RUNNER_EXTENSIONS.has(path.extname(file).toLowerCase());
}

function isFile(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}

/** The files an import of `file` may name, in the order they are tried. */
function candidatesFor(file: string): string[] {
  const ext = path.extname(file).toLowerCase();
  const candidates = [file];
  // TypeScript's convention: `./lib.js` names `./lib.ts` when only that exists.
  const ts = TS_FOR_JS[ext];
  if (ts) candidates.push(file.slice(0, -ext.length) + ts);
  if (!RUNNER_EXTENSIONS.has(ext) && !NATIVE_EXTENSIONS.has(ext)) {
    for (const suffix of [".ts", ".mts", ".js", ".mjs", "/index.ts", "/index.js"])
      candidates.push(file + suffix);
  }
  return candidates;
}

/** A file as an import target: a TypeScript module for the runner, else a native import. */
function fileTarget(file: string): Target | undefined {
  for (const candidate of candidatesFor(file)) {
    if (!isFile(candidate)) continue;
    const found = path.extname(candidate).toLowerCase();
    if (RUNNER_EXTENSIONS.has(found)) return { kind: "module", file: candidate };
    if (NATIVE_EXTENSIONS.has(found)) return { kind: "native", specifier: pathToFileURL(candidate).href };
    return undefined;
  }
  return undefined;
}

/**
 * The file a path specifier of `parent` names, tried as the runner tries it (undefined: none, or not a
 * path). A link counts as the file it points to: the runner leaves a link to jiti, which runs its target.
 */
export function runnerImport(specifier: string, parent: string): string | undefined {
  const absolute = specifier.startsWith("file:")
    ? fileURLToPath(specifier)
    : /^\.\.?(\/|$)/.test(specifier) || specifier.startsWith("/")
      ? path.resolve(path.dirname(parent), specifier)
      : undefined;
  if (absolute === undefined) return undefined;
  return candidatesFor(absolute).find(isLinkedFile);
}

/** A regular file, or a link to one; never throws (`a-fifo/index.ts` is ENOTDIR). */
function isLinkedFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

export function createModuleRunner(options: ModuleRunnerOptions): ModuleRunner {
  const { dir, alias } = options;
  let usable: boolean | undefined;
  // The folder and the one holding it: whoever can rename entries of the parent could swap the folder.
  const cacheDir = () => {
    if (dir === undefined) return undefined;
    usable ??= ensurePrivateDir(path.dirname(dir)) && ensurePrivateDir(dir);
    return usable ? dir : undefined;
  };
  let aliases: Array<[string, string]> | undefined;
  const aliasesOf = () => (aliases ??= Object.entries(alias()).sort(([a], [b]) => b.length - a.length));
  // Evaluated modules by content key, shared like Node's module cache; `fresh` loads get their own map.
  const shared = new Map<string, Evaluation>();

  const resolve = (specifier: string, parent: string): Target => {
    if (isBuiltin(specifier)) return { kind: "native", specifier };
    if (/^\.\.?(\/|$)/.test(specifier) || specifier.startsWith("/")) {
      return fileTarget(path.resolve(path.dirname(parent), specifier)) ?? { kind: "other" };
    }
    if (specifier.startsWith("file:")) return fileTarget(fileURLToPath(specifier)) ?? { kind: "other" };
    // Only a package name can be aliased.
    for (const [name, to] of aliasesOf()) {
      if (specifier === name || specifier.startsWith(`${name}/`)) {
        const target = to + specifier.slice(name.length);
        return (path.isAbsolute(target) && fileTarget(target)) || { kind: "other" };
      }
    }
    return { kind: "other" };
  };

  const entryPath = (root: string, file: string, key: string) =>
    path.join(root, `${path.basename(file).replace(/[^\w.-]/g, "_")}.${key.slice(0, 32)}.js`);

  /**
   * The cached transform of exactly this source, or undefined. An entry counts only when it is a
   * regular file of this user that nobody else can write, names the same key, and its body still has
   * the hash written with it: a rewritten, truncated, swapped or planted entry is transformed again.
   */
  const readEntry = (root: string, file: string, key: string): Transformed | undefined => {
    const text = readPrivateFile(entryPath(root, file, key));
    if (text === undefined) return undefined;
    const newline = text.indexOf("\n");
    if (!text.startsWith(HEADER) || newline === -1) return undefined;
    try {
      const header = JSON.parse(text.slice(HEADER.length, newline)) as {
        key?: unknown;
        sha256?: unknown;
        deps?: unknown;
        dynamicDeps?: unknown;
      };
      const code = text.slice(newline + 1);
      if (header.key !== key || header.sha256 !== sha256(code)) return undefined;
      if (!Array.isArray(header.deps) || !Array.isArray(header.dynamicDeps)) return undefined;
      return { code, deps: header.deps.map(String), dynamicDeps: header.dynamicDeps.map(String) };
    } catch {
      return undefined;
    }
  };

  const writeEntry = (root: string, file: string, key: string, transformed: Transformed): void => {
    const { code, deps, dynamicDeps } = transformed;
    const entry = entryPath(root, file, key);
    const temporary = `${entry}.${process.pid}.${randomUUID()}.tmp`;
    try {
      const header = JSON.stringify({ key, sha256: sha256(code), deps, dynamicDeps });
      writeFileSync(temporary, `${HEADER}${header}\n${code}`, { mode: 0o600, flag: "wx" });
      // Rename is atomic, so a concurrent reader never sees half a file.
      renameSync(temporary, entry);
    } catch {
      // The cache is an optimisation: a folder that cannot be written only costs speed.
    }
  };

  /** The transform of one module: from the cache when this exact source was seen, else by oxc. */
  const prepare = async (file: string): Promise<Planned | undefined> => {
    const source = options.readSource(file);
    // The key is the hash of what was just read, so what runs is what was read (and trusted).
    const key = sha256(`${CACHE_VERSION}\0${file}\0${source}`);
    const root = cacheDir();
    let transformed = root === undefined ? undefined : readEntry(root, file, key);
    if (!transformed) {
      transformed = await transformModule(file, source);
      if (!transformed || COMMONJS.test(transformed.code)) return undefined;
      if (root !== undefined) writeEntry(root, file, key, transformed);
    }
    return { ...transformed, file, key };
  };

  /** Every TypeScript module the entry imports statically, prepared before any of them runs. */
  const plan = async (file: string, graph: Map<string, Planned>): Promise<boolean> => {
    if (graph.has(file)) return true;
    const planned = await prepare(file);
    if (!planned) return false;
    graph.set(file, planned);
    for (const specifier of planned.deps) {
      const target = resolve(specifier, file);
      if (target.kind === "module" && !(await plan(target.file, graph))) return false;
    }
    return true;
  };

  const evaluate = (planned: Planned, graph: Map<string, Planned>, cache: Map<string, Evaluation>) => {
    const known = cache.get(planned.key);
    if (known) return known.running ? Promise.resolve(known.exports) : known.done.then(() => known.exports);
    const { file } = planned;
    const exports: Record<PropertyKey, unknown> = Object.create(null);
    Object.defineProperty(exports, Symbol.toStringTag, { value: "Module" });
    const importModule = async (specifier: string): Promise<unknown> => {
      const target = resolve(specifier, file);
      if (target.kind === "native") return import(target.specifier);
      if (target.kind === "other") return options.importOther(specifier, file);
      let dep = graph.get(target.file);
      // A dynamic import of a module the static graph did not reach.
      if (!dep && (await plan(target.file, graph))) dep = graph.get(target.file);
      if (!dep) return options.importOther(specifier, file);
      return evaluate(dep, graph, cache);
    };
    const exportAll = (from: Record<string, unknown>) => {
      for (const name in from) {
        if (name === "default" || name === "__esModule" || Object.hasOwn(exports, name)) continue;
        Object.defineProperty(exports, name, { enumerable: true, configurable: true, get: () => from[name] });
      }
    };
    const url = pathToFileURL(file).href;
    const meta = {
      url,
      filename: file,
      dirname: path.dirname(file),
      resolve: (specifier: string) => {
        const target = resolve(specifier, file);
        if (target.kind === "module") return pathToFileURL(target.file).href;
        return target.kind === "native" ? target.specifier : specifier;
      },
    };
    const run = runInThisContext(
      `(async function (${RUNNER_PARAMS.join(", ")}) {"use strict";${planned.code}\n})`,
      { filename: file },
    ) as (...args: unknown[]) => Promise<void>;
    const evaluation: Evaluation = { exports, running: true, done: Promise.resolve() };
    cache.set(planned.key, evaluation);
    evaluation.done = run(exports, meta, importModule, importModule, exportAll).finally(() => {
      evaluation.running = false;
    });
    evaluation.done.catch(() => cache.delete(planned.key));
    return evaluation.done.then(() => exports);
  };

  return {
    async load(file, fresh) {
      const graph = new Map<string, Planned>();
      if (!(await plan(file, graph))) return undefined;
      return evaluate(graph.get(file)!, graph, fresh ? new Map() : shared);
    },
  };
}
