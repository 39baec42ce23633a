// zod's acceptances of settings handlers, kept in the private per-user cache so a warm start needs no zod.
import path from "node:path";
import type { AcceptedHandler, HandlerVerdicts } from "@hookwire/settings-hooks";
import { defaultCacheRoot, keyedCache, MAX_CACHE_ENTRIES } from "@hookwire/trust/private-files";

/** New verdicts one discovery keeps; a file with more handlers is validated again next time. */
export const MAX_VERDICTS_PER_READ = 256;

/**
 * Verdicts in `dir` (0700, like the module cache), one entry per key; the key is settings-hooks' hash of the
 * schemas, zod's version and the handler. An entry that is not this user's own, or not a verdict, is checked
 * by zod again (and rewritten). `undefined` when the folder is not private to this user.
 */
export function settingsVerdicts(dir: string): HandlerVerdicts | undefined {
  // Bounded and pruned: listing an untrusted repository of thousands of handlers must not fill the user's cache.
  const cache = keyedCache(dir, MAX_CACHE_ENTRIES);
  if (!cache) return undefined;
  let written = 0;
  return {
    get(key) {
      const accepted = cache.get(key) as Partial<AcceptedHandler> | undefined;
      if (typeof accepted !== "object" || accepted === null || !("data" in accepted)) return undefined;
      const { known } = accepted;
      if (!Array.isArray(known) || !known.every((f) => typeof f === "string")) return undefined;
      return { data: accepted.data, known };
    },
    set(key, accepted) {
      // Past the cap, zod checks those handlers again next time.
      if (++written <= MAX_VERDICTS_PER_READ) cache.set(key, accepted);
    },
  };
}

/** The verdicts of the `fsCache` option: `<cache root>/settings` by default, `<dir>/hookwire-settings` for a folder. */
export function verdictsOf(fsCache: boolean | string | undefined): HandlerVerdicts | undefined {
  const option = fsCache ?? true;
  if (option === false) return undefined;
  return settingsVerdicts(
    option === true ? path.join(defaultCacheRoot(), "settings") : path.join(option, "hookwire-settings"),
  );
}
