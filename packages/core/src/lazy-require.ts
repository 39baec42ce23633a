// Requires a package on its first use: a dependency needed on some paths only costs its import when one is taken.
import { createRequire } from "node:module";

/**
 * A function that requires `name`, resolved from `parent` (the caller's `import.meta.url`, so each package gets
 * its own dependency), on its first call and returns the same module afterwards. Typed by the caller:
 * `lazyRequire<typeof import("diff")>(import.meta.url, "diff")`. `name` may be a function giving the specifier
 * or path, called on that first use too (a file found on disk, such as `vendoredFile`'s). `parent` may be a function
 * too, called then: the hook path's bundle (cli's scripts/write-hook-path.mjs) finds each package's folder only when
 * one of its dependencies is first required.
 */
export function lazyRequire<T>(
  parent: string | URL | (() => string | URL),
  name: string | (() => string),
): () => T {
  let loaded: { module: T } | undefined;
  return () => {
    loaded ??= {
      module: createRequire(typeof parent === "function" ? parent() : parent)(
        typeof name === "string" ? name : name(),
      ) as T,
    };
    return loaded.module;
  };
}
