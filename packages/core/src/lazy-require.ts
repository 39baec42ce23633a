// Requires a package on its first use: a dependency needed on some paths only costs its import when one is taken.
import { createRequire } from "node:module";

/**
 * A function that requires `name`, resolved from `parent` (the caller's `import.meta.url`, so each package gets
 * its own dependency), on its first call and returns the same module afterwards. Typed by the caller:
 * `lazyRequire<typeof import("diff")>(import.meta.url, "diff")`.
 */
export function lazyRequire<T>(parent: string | URL, name: string): () => T {
  let loaded: { module: T } | undefined;
  return () => {
    loaded ??= { module: createRequire(parent)(name) as T };
    return loaded.module;
  };
}
