// `@hookwire/trust/modules`: which file an import names and what a file imports — the one resolver and the one
// import reader that trust's walk and the loader's module runner share, so what is fingerprinted is what runs.
// No settings-hooks: a process that only loads modules imports it.
export { importCache } from "./modules/import-cache.js";
export {
  type Engine,
  engineOf,
  type ImportKind,
  packageScopeProblem,
  type Resolution,
  Resolver,
  type ResolverOptions,
} from "./modules/resolve.js";
export {
  type FileImports,
  type ImportCache,
  importsOfSource,
  MAX_SCRIPT_BYTES,
} from "./modules/script-imports.js";
