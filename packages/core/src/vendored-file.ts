// Finds a third-party file a package ships in its dist/vendor/ instead of depending on the package it comes from.
import { createRequire } from "node:module";

/**
 * The path of `name` in the calling package's `dist/vendor/` (`#vendor/<name>` in its package.json `imports`),
 * where the build (`--vendor`) copies a file of a package the published package does not depend on: recheck's
 * pure-JavaScript checker, the bash grammar's WASM. Run from source before a build, the same file comes from
 * the workspace's devDependency, `from` (`"recheck/lib/browser.js"`). `parent` is the caller's
 * `import.meta.url`. Throws, naming the vendored file, when neither is there.
 */
export function vendoredFile(parent: string | URL, name: string, from: string): string {
  const require = createRequire(parent);
  try {
    return require.resolve(`#vendor/${name}`);
  } catch (missing) {
    try {
      return require.resolve(from);
    } catch {
      throw new Error(
        `dist/vendor/${name} is missing from the package of ${String(parent)} (its build copies it there ` +
          `from ${from}): reinstall the package, or build it.`,
        { cause: missing },
      );
    }
  }
}
