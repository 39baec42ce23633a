// The entry of dist/hook-path.cjs (scripts/write-hook-path.mjs): `hookwire hook` in this process with every hookwire
// package inside one file, run with a V8 code cache (hook-path-run.ts). A hook module that imports a hookwire package
// gets this file's own instance of it (the files dist/hook-path/*.mjs hand it over), so one process has one of each.
import * as core from "@hookwire/core";
import * as coreEvents from "@hookwire/core/events";
import * as coreInternal from "@hookwire/core/internal";
import * as settingsHooks from "@hookwire/settings-hooks";
import * as shellRules from "@hookwire/shell-rules";

/** The packages a hook may import at run time (the loader's host aliases), by specifier. */
export const HOST_PACKAGES = {
  "@hookwire/core": core,
  "@hookwire/core/events": coreEvents,
  "@hookwire/core/internal": coreInternal,
  "@hookwire/settings-hooks": settingsHooks,
  "@hookwire/shell-rules": shellRules,
};

/** Read by the files under dist/hook-path/ (each re-exports one package's names from here). */
const OWN_INSTANCES = Symbol.for("hookwire.host-package-instances");
/** Read by the loader's module importer: the files a hook's import of a hookwire package resolves to. */
const OWN_FILES = Symbol.for("hookwire.host-package-files");

/** Makes this bundle's packages the ones hooks import; `dir` is the folder of the generated files. */
export function provideHostPackages(dir: string): void {
  const global = globalThis as { [OWN_INSTANCES]?: unknown; [OWN_FILES]?: Record<string, string> };
  global[OWN_INSTANCES] = HOST_PACKAGES;
  global[OWN_FILES] = Object.fromEntries(
    Object.keys(HOST_PACKAGES).map((name) => [name, `${dir}/${shimName(name)}`]),
  );
}

/** `@hookwire/core/internal` → `core-internal.mjs`. */
export const shimName = (specifier: string): string =>
  `${specifier.replace("@hookwire/", "").replaceAll("/", "-")}.mjs`;

export { hookMain } from "./hook-main.js";
