// The Claude-style provider: `<root>/.claude/hooks/{pre,post}/*`.
import path from "node:path";
import type { CapabilityProvider } from "../../capability/types.js";
import type { HookItem } from "../hook-item.js";
import { levelRoots } from "../levels.js";
import { scanPrePost } from "../scan-pre-post.js";

export interface ClaudeHookProviderOptions {
  /** Default 50. */
  priority?: number;
  /** Default `.claude`. */
  dir?: string;
}

export function claudeHookProvider(options: ClaudeHookProviderOptions = {}): CapabilityProvider<HookItem> {
  const dir = options.dir ?? ".claude";
  const id = `claude:${dir}`;
  return {
    id,
    displayName: "Claude-style hooks",
    priority: options.priority ?? 50,
    async load(ctx) {
      const items: HookItem[] = [];
      for (const { root, level } of levelRoots(ctx)) {
        items.push(...scanPrePost(path.join(root, dir, "hooks"), level, id, ctx.warn));
      }
      return items;
    },
  };
}
