// CommonJS in the module runner: the `module` a body fills, the `require` it calls, and what an importer then sees.
import { createRequire } from "node:module";
import path from "node:path";

/** What `require` hands back for one resolved file, or throws (the error that file's load ended in). */
export type Required = () => unknown;

/** How the runner's `require` finds a module: resolved by the one resolver, loaded before the body ran. */
export interface RequireSource {
  /** The file a `require` of `specifier` names, `{ builtin }` for Node's own modules; throws when nothing answers. */
  resolve(specifier: string): { file: string } | { builtin: string };
  /** What was loaded for `file` before the body ran, if it was. */
  loaded(file: string): Required | undefined;
  /** A CommonJS file Node runs itself (an installed package, a `.cjs` or `.json`), checked first; else `undefined`. */
  native(file: string): (() => unknown) | undefined;
  /** Gives trust its say on a file nothing loaded first (throws when the project's trust does not cover it). */
  check(file: string): void;
}

/** A `require` of a module the runner did not load before the body ran: it cannot be loaded synchronously. */
function notLoadedFirst(specifier: string, file: string, target: string): Error {
  const error = new Error(
    `\`require(${JSON.stringify(specifier)})\` in ${file} names ${target}, which was not loaded before the module ran. The runner loads what a CommonJS module requires with a string literal (\`require("./helper")\`) before running it; require it that way, or use \`await import(…)\`.`,
  );
  (error as NodeJS.ErrnoException).code = "ERR_REQUIRE_NOT_LOADED";
  return error;
}

/** The `require` of one CommonJS module run by the runner. */
export function createRunnerRequire(file: string, source: RequireSource): NodeJS.Require {
  const node = createRequire(file);
  const require = ((specifier: unknown) => {
    if (typeof specifier !== "string")
      throw new TypeError(`The "id" argument must be of type string. Received ${typeof specifier}`);
    const target = source.resolve(specifier);
    if ("builtin" in target) return node(target.builtin);
    const loaded = source.loaded(target.file);
    if (loaded) return loaded();
    const native = source.native(target.file);
    if (native) return native();
    source.check(target.file);
    throw notLoadedFirst(specifier, file, target.file);
  }) as NodeJS.Require;
  const resolve = ((specifier: string) => {
    const target = source.resolve(specifier);
    return "builtin" in target ? target.builtin : target.file;
  }) as NodeJS.RequireResolve;
  resolve.paths = (request: string) => node.resolve.paths(request);
  require.resolve = resolve;
  require.cache = Object.create(null) as NodeJS.Dict<NodeJS.Module>;
  require.main = undefined;
  return require;
}

/** The `module` object of a CommonJS body: `module.exports` is what requirers get. */
export function createCommonJsModule(file: string, require: NodeJS.Require) {
  return {
    exports: {} as unknown,
    id: file,
    filename: file,
    path: path.dirname(file),
    loaded: false,
    children: [] as unknown[],
    paths: [] as string[],
    require,
  };
}

/**
 * Fills an importer's view of a CommonJS module that declared no ES exports of its own: its own enumerable keys as
 * named exports, and `default` = `module.exports`, or its `default` when it carries `__esModule` (TypeScript's and
 * bundlers' CommonJS output, which jiti and pi read the same way; Node's own `import` of such a file would give
 * the whole object as `default`).
 */
export function fillNamespace(namespace: Record<PropertyKey, unknown>, moduleExports: unknown): void {
  if (Object.keys(namespace).length > 0) return;
  const value = moduleExports as Record<string, unknown> | null | undefined;
  if ((typeof value === "object" || typeof value === "function") && value !== null) {
    for (const name of Object.keys(value)) {
      if (name === "default" || name === "__esModule") continue;
      Object.defineProperty(namespace, name, {
        enumerable: true,
        configurable: true,
        get: () => value[name],
      });
    }
  }
  const esModule = typeof value === "object" && value !== null && value.__esModule === true;
  namespace.default = esModule ? value.default : moduleExports;
}
