// Which file an import, a require or a package name runs: the one resolver the module runner, the trust walk and the guard share.
import { statSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readRegularFile } from "@hookwire/core/internal";
import { resolveExports } from "../lazy-deps.js";

/**
 * Who runs a file, the loader's one table of engines: `runner` (the loader's module runner: TypeScript and JSX, ES
 * modules and CommonJS alike, the one engine for TypeScript), `node` (what Node runs itself: `.js`, `.mjs`, `.cjs`,
 * `.json`, `.node`, imported natively as the host's own Node would). It decides how the file's own imports are
 * resolved: TypeScript's conventions in the first, Node's in the last.
 */
export type Engine = "runner" | "node";

const RUNNER_EXTENSIONS = new Set([".ts", ".mts", ".cts", ".tsx", ".jsx"]);

export function engineOf(file: string): Engine {
  return RUNNER_EXTENSIONS.has(path.extname(file).toLowerCase()) ? "runner" : "node";
}

/** `import` (ESM) or `require` (CommonJS, `createRequire`): the conditions and the extension search differ. */
export type ImportKind = "import" | "require";

export type Resolution =
  | { kind: "file"; file: string }
  | { kind: "builtin"; specifier: string }
  /** Nothing on disk answers it (a missing file or package, a malformed URL): `why` says which. */
  | { kind: "missing"; why: string };

// TypeScript's convention: `./lib.js` names `./lib.ts` when only that exists.
const TS_FOR_JS: Readonly<Record<string, readonly string[]>> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};
/** What an extensionless path may name, in the order tried: TypeScript modules first, as tsx and jiti try them. */
const TS_SEARCH = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json"];
/** Node's `require` search; Node's ESM `import` searches nothing (a relative import names its file exactly). */
const REQUIRE_SEARCH = [".js", ".json", ".node"];
const MAX_PACKAGE_JSON_BYTES = 1024 * 1024;
/** `imports` / `exports` / alias targets that name another specifier are followed this many times. */
const MAX_HOPS = 8;

/** A regular file, or a link to one; never throws (`a-fifo/index.ts` is ENOTDIR, a NUL byte is invalid). */
export function isLinkedFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

function isPathSpecifier(specifier: string): boolean {
  return /^\.\.?(\/|$)/.test(specifier) || specifier.startsWith("/");
}

type PackageJson = {
  name?: unknown;
  main?: unknown;
  exports?: unknown;
  imports?: unknown;
  type?: unknown;
};

export interface ResolverOptions {
  /** Package names to files, folders or other package names (the host's `alias` option). */
  alias?: Readonly<Record<string, string>>;
}

/**
 * Resolves specifiers as the file that imports them is run: Node's algorithm (package `exports` and `imports`
 * with the `node` and `import`/`require` conditions, `main`, `node_modules` up the tree, folder `index` files)
 * for what Node runs; the same plus TypeScript's extension conventions for what the runner runs. One
 * instance caches the `package.json` files it read; make a new one to see edits.
 */
export class Resolver {
  readonly #packages = new Map<string, PackageJson | undefined>();
  readonly #aliases: Array<[string, string]>;

  constructor(options: ResolverOptions = {}) {
    this.#aliases = Object.entries(options.alias ?? {}).sort(([a], [b]) => b.length - a.length);
  }

  /** The names the `alias` option maps. */
  get aliases(): string[] {
    return this.#aliases.map(([name]) => name);
  }

  /** Whether `specifier` is one the `alias` option maps (the name itself or a subpath of it). */
  isAliased(specifier: string): boolean {
    return this.#aliases.some(([name]) => specifier === name || specifier.startsWith(`${name}/`));
  }

  resolve(specifier: string, parent: string, kind: ImportKind = "import"): Resolution {
    try {
      return this.#resolve(specifier, parent, kind, 0);
    } catch (error) {
      return { kind: "missing", why: error instanceof Error ? error.message : String(error) };
    }
  }

  #resolve(specifier: string, parent: string, kind: ImportKind, hops: number): Resolution {
    if (hops > MAX_HOPS)
      return { kind: "missing", why: `\`${specifier}\` is mapped more than ${MAX_HOPS} times` };
    if (specifier.includes("\0")) return { kind: "missing", why: "the specifier holds a NUL byte" };
    if (isBuiltin(specifier)) return { kind: "builtin", specifier };
    const typescript = engineOf(parent) !== "node";
    if (specifier.startsWith("file:")) {
      return this.#file(fileURLToPath(specifier), typescript, kind) ?? missing(specifier, parent);
    }
    if (isPathSpecifier(specifier)) {
      const absolute = path.resolve(path.dirname(parent), specifier);
      return this.#file(absolute, typescript, kind) ?? missing(specifier, parent);
    }
    if (specifier.startsWith("#")) return this.#imports(specifier, parent, kind, hops);
    for (const [name, to] of this.#aliases) {
      if (specifier === name || specifier.startsWith(`${name}/`)) {
        const target = to + specifier.slice(name.length);
        if (path.isAbsolute(target)) return this.#file(target, true, kind) ?? missing(specifier, parent);
        return this.#resolve(target, parent, kind, hops + 1);
      }
    }
    return this.#bare(specifier, parent, kind);
  }

  /** The file at `absolute` as the importer's engine finds it: exactly, by TypeScript's conventions, searched, a folder. */
  #file(absolute: string, typescript: boolean, kind: ImportKind): Resolution | undefined {
    for (const candidate of this.candidates(absolute, typescript, kind)) {
      if (isLinkedFile(candidate)) return { kind: "file", file: candidate };
    }
    if (!(typescript || kind === "require") || !isDirectory(absolute)) return undefined;
    // A folder: its package.json `main`, then its index file.
    const main = this.#package(absolute)?.main;
    if (typeof main === "string" && main.trim() !== "") {
      const target = path.resolve(absolute, main.trim());
      for (const candidate of this.candidates(target, typescript, kind)) {
        if (isLinkedFile(candidate)) return { kind: "file", file: candidate };
      }
      const index = this.#index(target, typescript);
      if (index) return index;
    }
    return this.#index(absolute, typescript);
  }

  #index(dir: string, typescript: boolean): Resolution | undefined {
    for (const ext of typescript ? TS_SEARCH : REQUIRE_SEARCH) {
      const candidate = path.join(dir, `index${ext}`);
      if (isLinkedFile(candidate)) return { kind: "file", file: candidate };
    }
    return undefined;
  }

  /** The files `absolute` may name, in the order tried (a folder's `main` and `index` come after these). */
  candidates(absolute: string, typescript: boolean, kind: ImportKind): string[] {
    const candidates = [absolute];
    const ext = path.extname(absolute).toLowerCase();
    if (typescript) {
      for (const alt of TS_FOR_JS[ext] ?? []) candidates.push(absolute.slice(0, -ext.length) + alt);
      if (!TS_SEARCH.includes(ext)) for (const suffix of TS_SEARCH) candidates.push(absolute + suffix);
    } else if (kind === "require") {
      for (const suffix of REQUIRE_SEARCH) candidates.push(absolute + suffix);
    }
    return candidates;
  }

  /** `#name`: the `imports` field of the nearest package.json. */
  #imports(specifier: string, parent: string, kind: ImportKind, hops: number): Resolution {
    const found = this.#nearestPackage(path.dirname(parent));
    if (!found?.json.imports)
      return missing(specifier, parent, "no package.json above it has an `imports` field");
    const targets = resolveExports().imports(found.json, specifier, conditionsOf(kind)) ?? [];
    for (const target of targets) {
      const resolved = target.startsWith("./")
        ? this.#exact(path.join(found.dir, target), parent)
        : this.#resolve(target, parent, kind, hops + 1);
      if (resolved.kind !== "missing") return resolved;
    }
    return missing(specifier, parent);
  }

  /** A package's own file named by `exports` / `imports`: exactly that file (TypeScript may name `.ts` for `.js`). */
  #exact(file: string, parent: string): Resolution {
    const typescript = engineOf(parent) !== "node";
    for (const candidate of typescript ? this.candidates(file, true, "import").slice(0, 3) : [file]) {
      if (isLinkedFile(candidate)) return { kind: "file", file: candidate };
    }
    return { kind: "missing", why: `\`${file}\` does not exist` };
  }

  /** `name` or `name/sub`: the package itself (self-reference), then `node_modules` folders up from the parent. */
  #bare(specifier: string, parent: string, kind: ImportKind): Resolution {
    const match = /^((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(specifier);
    if (!match) return missing(specifier, parent);
    const [, name, rest] = match as unknown as [string, string, string | undefined];
    const subpath = rest ? `.${rest}` : ".";
    const self = this.#nearestPackage(path.dirname(parent));
    if (self && self.json.name === name && self.json.exports !== undefined) {
      return this.#packageEntry(self.dir, self.json, subpath, specifier, parent, kind);
    }
    for (let dir = path.dirname(parent); ; dir = path.dirname(dir)) {
      if (path.basename(dir) !== "node_modules") {
        const folder = path.join(dir, "node_modules", name);
        if (isDirectory(folder)) {
          const json = this.#package(folder) ?? {};
          return this.#packageEntry(folder, json, subpath, specifier, parent, kind);
        }
      }
      if (path.dirname(dir) === dir) break;
    }
    return missing(specifier, parent, `package \`${name}\` is not installed where \`${parent}\` can see it`);
  }

  #packageEntry(
    dir: string,
    json: PackageJson,
    subpath: string,
    specifier: string,
    parent: string,
    kind: ImportKind,
  ): Resolution {
    if (json.exports !== undefined && json.exports !== null) {
      let targets: string[] = [];
      try {
        targets = resolveExports().exports(json, subpath, conditionsOf(kind)) ?? [];
      } catch (error) {
        // A package that exports a subpath only to `require` is still imported that way (Node runs CommonJS from ESM).
        if (kind === "import") return this.#packageEntry(dir, json, subpath, specifier, parent, "require");
        throw error;
      }
      for (const target of targets) {
        const resolved = this.#exact(path.join(dir, target), parent);
        if (resolved.kind === "file") return resolved;
      }
      return missing(specifier, parent);
    }
    const typescript = engineOf(parent) !== "node";
    // Without `exports`, `main` and the folder's index are found as `require` finds them (Node's legacy main).
    const found =
      subpath === "."
        ? this.#file(dir, typescript, "require")
        : this.#file(path.join(dir, subpath), typescript, kind);
    return found ?? missing(specifier, parent);
  }

  #package(dir: string): PackageJson | undefined {
    const file = path.join(dir, "package.json");
    if (this.#packages.has(file)) return this.#packages.get(file);
    let json: PackageJson | undefined;
    const read = readRegularFile(file, MAX_PACKAGE_JSON_BYTES);
    if (read.ok) {
      try {
        const parsed: unknown = JSON.parse(read.data.toString("utf8"));
        if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
          json = parsed as PackageJson;
      } catch {
        // A package.json that does not parse has no fields (Node fails on it too, with its own message).
      }
    }
    this.#packages.set(file, json);
    return json;
  }

  #nearestPackage(from: string): { dir: string; json: PackageJson } | undefined {
    for (const dir of scopeFolders(from)) {
      const json = this.#package(dir);
      if (json) return { dir, json };
    }
    return undefined;
  }

  /** The nearest package.json's `type` says whether a `.js` file is an ES module (`"module"`) or CommonJS. */
  packageType(file: string): "module" | "commonjs" {
    return this.#nearestPackage(path.dirname(file))?.json.type === "module" ? "module" : "commonjs";
  }
}

/** The folders whose package.json says what a module in `from` is, nearest first: up to a `node_modules` or the root. */
function* scopeFolders(from: string): Generator<string> {
  for (let dir = from; ; dir = path.dirname(dir)) {
    yield dir;
    if (path.basename(dir) === "node_modules" || path.dirname(dir) === dir) return;
  }
}

/**
 * Why `file` must not be handed to Node, which reads the package.json nearest a module before importing it
 * (a bundler's resolver too): the nearest one that exists is not a regular file. A FIFO or a device there would
 * block that read for good, and with it the thread that does it (Node's main thread, for a `.js`). A link to a
 * regular file is fine, as Node follows it; a folder named package.json is passed over, as Node does.
 */
export function packageScopeProblem(file: string): string | undefined {
  for (const dir of scopeFolders(path.dirname(file))) {
    const manifest = path.join(dir, "package.json");
    let found: ReturnType<typeof statSync>;
    try {
      found = statSync(manifest, { throwIfNoEntry: false });
    } catch {
      found = undefined; // a link loop or a name too long: Node's read fails too, and it looks further up
    }
    if (found?.isFile()) return undefined;
    if (found !== undefined && !found.isDirectory())
      return `${manifest} is not a regular file; Node reads the package.json nearest a module before importing it, and reading this one would never finish. Remove it or make it a regular file`;
  }
  return undefined;
}

function conditionsOf(kind: ImportKind) {
  return { require: kind === "require", conditions: ["node"] };
}

function missing(specifier: string, parent: string, why?: string): Resolution {
  return { kind: "missing", why: why ?? `\`${specifier}\` was not found from \`${parent}\`` };
}
