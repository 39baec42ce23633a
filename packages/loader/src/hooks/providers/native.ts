// The native provider: `<root>/<app>/hooks/*.{ts,js,…}` modules and `hooks/{pre,post}/*` scripts.
import path from "node:path";
import type { CapabilityProvider } from "../../capability/types.js";
import { isModulePath } from "../../load/module-kind.js";
import type { HookItem } from "../hook-item.js";
import { levelRoots } from "../levels.js";
import { listFiles } from "../list-files.js";
import { scanPrePost } from "../scan-pre-post.js";

export interface NativeHookProviderOptions {
  /** The app folder under the project and home folders, e.g. `.pi`. */
  app: string;
  /** Default 100. */
  priority?: number;
  /** Default `native:<app>`. */
  id?: string;
  displayName?: string;
}

export function nativeHookProvider(options: NativeHookProviderOptions): CapabilityProvider<HookItem> {
  const id = options.id ?? `native:${options.app}`;
  return {
    id,
    displayName: options.displayName ?? `${options.app} hooks`,
    priority: options.priority ?? 100,
    async load(ctx) {
      const items: HookItem[] = [];
      for (const { root, level } of levelRoots(ctx)) {
        const hooksDir = path.join(root, options.app, "hooks");
        for (const file of listFiles(hooksDir, ctx.warn)) {
          // Other files next to the modules (README.md, package.json) are not hooks.
          if (!isModulePath(file)) continue;
          items.push({ name: path.basename(file), path: file, type: "module", tool: "*", level, source: id });
        }
        items.push(...scanPrePost(hooksDir, level, id, ctx.warn));
      }
      return items;
    },
  };
}
