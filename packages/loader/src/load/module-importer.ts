// Imports hook modules: native `import()` for JS, a jiti instance started on first need for TypeScript.
import { pathToFileURL } from "node:url";
import type { Jiti } from "jiti";
import { needsTransform } from "./module-kind.js";

export interface ModuleImportOptions {
  /**
   * Module aliases for jiti (`{ "@mariozechner/pi-coding-agent": "/host/pi.js" }`). They apply to
   * TypeScript modules only: Node resolves the imports of natively imported `.js/.mjs/.cjs` files itself.
   */
  alias?: Record<string, string>;
  /** jiti's persistent transform cache: a directory, `true` for jiti's default place, `false` for none. Default `true`. */
  fsCache?: boolean | string;
  /**
   * Keep modules in the runtime cache (default `true`). `false` re-evaluates edited files on every load;
   * for native imports this adds a query to the URL, and Node keeps every evaluated copy in memory.
   */
  moduleCache?: boolean;
}

export type ModuleImporter = (file: string) => Promise<unknown>;

let reloadCounter = 0;

export function createModuleImporter(options: ModuleImportOptions = {}): ModuleImporter {
  let jiti: Promise<Jiti> | undefined;
  const startJiti = async () => {
    const { createJiti } = await import("jiti");
    return createJiti(import.meta.url, {
      alias: options.alias,
      fsCache: options.fsCache ?? true,
      moduleCache: options.moduleCache ?? true,
      // The loader checks `default` itself; jiti's interop proxy would hide a missing default export.
      interopDefault: false,
    });
  };

  return async (file) => {
    if (needsTransform(file)) {
      jiti ??= startJiti();
      return (await jiti).import(file);
    }
    const url = pathToFileURL(file);
    if (options.moduleCache === false) url.searchParams.set("hookwire-reload", String(++reloadCounter));
    return import(/* @vite-ignore */ url.href);
  };
}
