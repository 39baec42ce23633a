// Runs TypeScript (and JSX) hook modules and their helpers, ES modules and CommonJS, from a per-user cache of oxc's output.
import { randomUUID } from "node:crypto";
import { renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runInThisContext } from "node:vm";
import { sha256 } from "@hookwire/core/internal";
import {
  engineOf,
  type ImportCache,
  type ImportKind,
  packageScopeProblem,
  Resolver,
} from "@hookwire/trust/modules";
import {
  ensurePrivateDir,
  MAX_CACHE_ENTRIES,
  pruneOldest,
  readPrivateFile,
} from "@hookwire/trust/private-files";
import { namesAlias } from "./alias-imports.js";
import { createCommonJsModule, createRunnerRequire, fillNamespace, type Required } from "./commonjs.js";
import { RUNNER_PARAMS, type Transformed, transformModule } from "./oxc-transform.js";

// Bumped whenever the shape of cached files or of the transform changes.
const CACHE_VERSION = "7";
const HEADER = "//hookwire-module ";

/** A CommonJS body's wrapper adds Node's five names to the runner's. */
const COMMONJS_PARAMS = ["exports", "require", "module", "__filename", "__dirname"] as const;

type Target = { kind: "module"; file: string } | { kind: "native"; specifier: string; file?: string };

interface Planned extends Transformed {
  file: string;
  key: string;
}

interface Evaluation {
  exports: Record<PropertyKey, unknown>;
  /** What a `require` of it returns: `module.exports` for CommonJS, the exports object for an ES module. */
  required: Required;
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
  /** What JavaScript files import, kept across processes (`importCache()`, as the trust walk keeps it). */
  imports?: ImportCache;
}

/** Called with every file a load runs, before it runs: the source the runner read, or `undefined` for a file Node reads. */
export type VerifySource = (file: string, source: string | undefined) => void;

export interface ModuleRunner {
  /** Whether the runner runs `file`: TypeScript and JSX, and JavaScript whose imports name an alias (`namesAlias`). */
  runs(file: string): boolean;
  /** The module's exports (a CommonJS module's as an importer sees them: `default` and its keys). */
  load(file: string, options?: { fresh?: boolean; verify?: VerifySource }): Promise<unknown>;
}

export function runsInRunner(file: string): boolean {
  return engineOf(file) === "runner";
}

/** Thrown for an import nothing on disk answers, worded as Node words it. */
function notFound(specifier: string, parent: string, why: string): Error {
  const error = new Error(`Cannot find module '${specifier}' imported from ${parent} (${why})`);
  (error as NodeJS.ErrnoException).code = "ERR_MODULE_NOT_FOUND";
  return error;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the runner's cache, resolver and evaluation steps share its state.
export function createModuleRunner(options: ModuleRunnerOptions): ModuleRunner {
  const { dir, alias } = options;
  let usable: boolean | undefined;
  // The folder and the one holding it: whoever can rename entries of the parent could swap the folder.
  const cacheDir = () => {
    if (dir === undefined) return undefined;
    usable ??= ensurePrivateDir(path.dirname(dir)) && ensurePrivateDir(dir);
    return usable ? dir : undefined;
  };
  let resolver: Resolver | undefined;
  // Built on the first import: the host's aliases are resolved then (that costs a require.resolve each).
  const resolverOf = () => (resolver ??= new Resolver({ alias: alias() }));
  // Evaluated modules by content key, shared like Node's module cache; `fresh` loads get their own map.
  const shared = new Map<string, Evaluation>();

  /** The one resolver decides which file an import names and who runs it (the trust walk asks it the same). */
  const resolve = (specifier: string, parent: string, kind: ImportKind = "import"): Target => {
    const found = resolverOf().resolve(specifier, parent, kind);
    if (found.kind === "builtin") return { kind: "native", specifier: found.specifier };
    if (found.kind === "missing") throw notFound(specifier, parent, found.why);
    const engine = engineOf(found.file);
    // What an alias names is the host's own code: Node runs it, whatever it imports.
    if (
      engine === "runner" ||
      (!resolverOf().isAliased(specifier) && namesAlias(found.file, resolverOf(), options.imports))
    )
      return { kind: "module", file: found.file };
    // Node reads the package.json above what it imports: one it could never finish reading is refused.
    const problem = packageScopeProblem(found.file);
    if (problem !== undefined) throw new Error(`\`${specifier}\` from \`${parent}\`: ${problem}`);
    return { kind: "native", specifier: pathToFileURL(found.file).href, file: found.file };
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
        kind?: unknown;
        requires?: unknown;
      };
      const code = text.slice(newline + 1);
      if (header.key !== key || header.sha256 !== sha256(code)) return undefined;
      const { deps, dynamicDeps, kind, requires } = header;
      if (!Array.isArray(deps) || !Array.isArray(dynamicDeps) || !Array.isArray(requires)) return undefined;
      if (kind !== "module" && kind !== "commonjs" && kind !== "mixed") return undefined;
      const strings = (list: unknown[]) => list.map(String);
      return {
        code,
        deps: strings(deps),
        dynamicDeps: strings(dynamicDeps),
        kind,
        requires: strings(requires),
      };
    } catch {
      return undefined;
    }
  };

  let written = 0;
  const writeEntry = (root: string, file: string, key: string, transformed: Transformed): void => {
    const { code, ...facts } = transformed;
    const entry = entryPath(root, file, key);
    const temporary = `${entry}.${process.pid}.${randomUUID()}.tmp`;
    try {
      // Every edit of a module is a new entry: the folder is kept within MAX_CACHE_ENTRIES.
      if (++written % 64 === 1) pruneOldest(root, MAX_CACHE_ENTRIES, ".js");
      const header = JSON.stringify({ key, sha256: sha256(code), ...facts });
      writeFileSync(temporary, `${HEADER}${header}\n${code}`, { mode: 0o600, flag: "wx" });
      // Rename is atomic, so a concurrent reader never sees half a file.
      renameSync(temporary, entry);
    } catch {
      // The cache is an optimisation: a folder that cannot be written only costs speed.
    }
  };

  /** The transform of one module: from the cache when this exact source was seen, else by oxc; a syntax error throws. */
  const prepare = async (file: string, verify: VerifySource | undefined): Promise<Planned> => {
    const source = options.readSource(file);
    // The bytes checked are the bytes run: a file edited after its check is never what runs.
    verify?.(file, source);
    // The key is the hash of what was just read, so what runs is what was read (and trusted).
    const key = sha256(`${CACHE_VERSION}\0${file}\0${source}`);
    const root = cacheDir();
    let transformed = root === undefined ? undefined : readEntry(root, file, key);
    if (!transformed) {
      const made = await transformModule(file, source);
      if (made instanceof SyntaxError) throw made;
      transformed = made;
      if (root !== undefined) writeEntry(root, file, key, transformed);
    }
    return { ...transformed, file, key };
  };

  interface Load {
    graph: Map<string, Planned>;
    /** What CommonJS modules of this load require, by resolved file, loaded before their bodies ran. */
    required: Map<string, Required>;
    cache: Map<string, Evaluation>;
    verify: VerifySource | undefined;
  }

  /** Every module the runner runs that the entry imports or requires statically, prepared before any of them runs. */
  const plan = async (file: string, load: Load): Promise<void> => {
    // A static import chain is walked with a queue: a chain of thousands of modules is no deeper a stack.
    const queue = [file];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (load.graph.has(next)) continue;
      const planned = await prepare(next, load.verify);
      load.graph.set(next, planned);
      for (const specifier of planned.deps) {
        const target = resolve(specifier, next);
        if (target.kind === "module") queue.push(target.file);
      }
      for (const specifier of planned.requires) {
        const target = resolveRequire(specifier, next);
        if (target?.kind === "module") queue.push(target.file);
      }
    }
  };

  /** A literal `require`'s target; `undefined` when nothing answers it (the `require` throws Node's error when it runs). */
  const resolveRequire = (specifier: string, parent: string): Target | undefined => {
    try {
      return resolve(specifier, parent, "require");
    } catch {
      return undefined;
    }
  };

  /** What Node runs, checked first (Node reads the file itself, so the check is on the file as it is now). */
  const importOutside = (target: Exclude<Target, { kind: "module" }>, load: Load): Promise<unknown> => {
    if (target.file !== undefined) load.verify?.(target.file, undefined);
    return import(target.specifier);
  };

  /** An ES module Node runs (`.mjs`, a `.js` of a `"type": "module"` package): Node 20 cannot `require` it. */
  const isNativeEsm = (file: string) =>
    /\.mjs$/i.test(file) || (/\.js$/i.test(file) && resolverOf().packageType(file) === "module");

  /**
   * Loads what a CommonJS module requires by name before its body runs, so its synchronous `require` can hand it
   * over: the runner's modules evaluated (ES modules included), Node's ES modules imported. A failure is kept and
   * thrown by the `require` that names it, where Node would throw it.
   */
  const loadRequires = async (planned: Planned, load: Load): Promise<void> => {
    for (const specifier of planned.requires) {
      const target = resolveRequire(specifier, planned.file);
      const file = target?.kind === "module" ? target.file : target?.file;
      if (target === undefined || file === undefined || load.required.has(file)) continue;
      if (target.kind === "native" && !isNativeEsm(file)) continue;
      let required: Required;
      try {
        if (target.kind === "module") {
          const dep = load.graph.get(file);
          if (!dep) continue;
          await evaluate(dep, load);
          const evaluation = load.cache.get(dep.key);
          required = evaluation ? evaluation.required : () => undefined;
        } else {
          const namespace = await importOutside(target, load);
          required = () => namespace;
        }
      } catch (error) {
        required = () => {
          throw error;
        };
      }
      load.required.set(file, required);
    }
  };

  /** The `require` a CommonJS module of this load calls: what `loadRequires` loaded, Node's CommonJS, built-ins. */
  const requireOf = (file: string, load: Load) =>
    createRunnerRequire(file, {
      resolve(specifier) {
        const target = resolve(specifier, file, "require");
        if (target.kind === "native" && target.file === undefined) return { builtin: target.specifier };
        return { file: target.kind === "module" ? target.file : target.file! };
      },
      loaded(target) {
        const planned = load.graph.get(target);
        const evaluation = planned && load.cache.get(planned.key);
        return evaluation?.required ?? load.required.get(target);
      },
      native(target) {
        if (engineOf(target) !== "node" || isNativeEsm(target) || load.graph.has(target)) return undefined;
        return () => {
          load.verify?.(target, undefined);
          return createRequire(file)(target);
        };
      },
      check(target) {
        load.verify?.(target, engineOf(target) === "runner" ? options.readSource(target) : undefined);
      },
    });

  const evaluate = (planned: Planned, load: Load): Promise<unknown> => {
    const { cache, graph } = load;
    const known = cache.get(planned.key);
    if (known) return known.running ? Promise.resolve(known.exports) : known.done.then(() => known.exports);
    const { file } = planned;
    const exports: Record<PropertyKey, unknown> = Object.create(null);
    Object.defineProperty(exports, Symbol.toStringTag, { value: "Module" });
    const importModule = async (specifier: string): Promise<unknown> => {
      const target = resolve(specifier, file);
      if (target.kind !== "module") return importOutside(target, load);
      // A dynamic import of a module the static graph did not reach.
      if (!graph.has(target.file)) await plan(target.file, load);
      return evaluate(graph.get(target.file)!, load);
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
        if (target.kind === "native") return target.specifier;
        return pathToFileURL(target.file).href;
      },
    };
    const esm = [exports, meta, importModule, importModule, exportAll];
    const evaluation: Evaluation = {
      exports,
      required: () => exports,
      running: true,
      done: Promise.resolve(),
    };
    cache.set(planned.key, evaluation);
    if (planned.kind !== "module") {
      // Node's wrapper: not strict unless the file says so, `this` is `module.exports`. An ES module using CommonJS's
      // names too stays strict, its body a block of its own so that what it declares shadows the wrapper's names.
      const body = planned.kind === "mixed" ? `"use strict";{${planned.code}\n}` : `${planned.code}\n`;
      const run = runInThisContext(
        `(async function (${[...RUNNER_PARAMS, ...COMMONJS_PARAMS].join(", ")}) {${body}})`,
        { filename: file },
      ) as (this: unknown, ...args: unknown[]) => Promise<void>;
      const require = requireOf(file, load);
      const module = createCommonJsModule(file, require);
      evaluation.required = () => module.exports;
      evaluation.done = loadRequires(planned, load)
        .then(() =>
          run.call(module.exports, ...esm, module.exports, require, module, file, path.dirname(file)),
        )
        .then(() => {
          module.loaded = true;
          fillNamespace(exports, module.exports);
        })
        .finally(() => {
          evaluation.running = false;
        });
    } else {
      const run = runInThisContext(
        `(async function (${RUNNER_PARAMS.join(", ")}) {"use strict";${planned.code}\n})`,
        { filename: file },
      ) as (...args: unknown[]) => Promise<void>;
      evaluation.done = run(...esm).finally(() => {
        evaluation.running = false;
      });
    }
    evaluation.done.catch(() => cache.delete(planned.key));
    return evaluation.done.then(() => exports);
  };

  return {
    runs: (file) => engineOf(file) === "runner" || namesAlias(file, resolverOf(), options.imports),
    async load(file, { fresh = false, verify } = {}) {
      const load: Load = { graph: new Map(), required: new Map(), cache: fresh ? new Map() : shared, verify };
      await plan(file, load);
      return evaluate(load.graph.get(file)!, load);
    },
  };
}
