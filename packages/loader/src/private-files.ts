// `@hookwire/loader/private-files`: the one check of private per-user folders and files, for the CLI's own state
// files (an internal entry beside the loader's API, which stays within its export count).
export { defaultCacheRoot, ensurePrivateDir, privateDirProblem } from "./load/cache-dir.js";
export { type PrivateEntry, readPrivateEntry, readPrivateFile, sha256 } from "./load/cache-entry.js";
export { pruneOldest, readKeyedEntry, writeKeyedEntry } from "./load/keyed-cache.js";
