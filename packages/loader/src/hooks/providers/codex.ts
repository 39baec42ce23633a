// The Codex-style provider: `<root>/.codex/hooks/pre-<tool>[.ext]` and `post-<tool>[.ext]`.
import path from "node:path";
import type { CapabilityProvider } from "../../capability/types.js";
import type { HookItem } from "../hook-item.js";
import { levelRoots } from "../levels.js";
import { listFiles } from "../list-files.js";
import { toolFromFileName } from "../tool-name.js";

const PATTERN = /^(pre|post)-(.+)$/;

export interface CodexHookProviderOptions {
  /** Default 40. */
  priority?: number;
  /** Default `.codex`. */
  dir?: string;
}

export function codexHookProvider(options: CodexHookProviderOptions = {}): CapabilityProvider<HookItem> {
  const dir = options.dir ?? ".codex";
  const id = `codex:${dir}`;
  return {
    id,
    displayName: "Codex-style hooks",
    priority: options.priority ?? 40,
    async load(ctx) {
      const items: HookItem[] = [];
      for (const { root, level } of levelRoots(ctx)) {
        for (const file of listFiles(path.join(root, dir, "hooks"), ctx.warn)) {
          const match = PATTERN.exec(path.basename(file));
          if (!match) continue;
          const [, type, rest] = match as unknown as [string, "pre" | "post", string];
          // Without the prefix, `pre-bash.sh` shares its key with `.claude/hooks/pre/bash.sh`.
          items.push({ name: rest, path: file, type, tool: toolFromFileName(rest), level, source: id });
        }
      }
      return items;
    },
  };
}
