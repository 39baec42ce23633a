// `@hookwire/trust/private-files`: the one check of private per-user folders and files, and the per-user caches
// built on it (the loader's transform and verdict caches, trust's own, the CLI's state files). No settings-hooks:
// a process that only loads modules imports it.
export {
  defaultCacheRoot,
  defaultStateRoot,
  ensurePrivateDir,
  MAX_CACHE_ENTRIES,
  privateDirProblem,
} from "./private/cache-dir.js";
export { type PrivateEntry, readPrivateEntry, readPrivateFile } from "./private/cache-entry.js";
export {
  type KeyedCache,
  keyedCache,
  pruneOldest,
  readKeyedEntry,
  writeKeyedEntry,
} from "./private/keyed-cache.js";
