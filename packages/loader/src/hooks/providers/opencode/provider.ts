// The OpenCode provider: plugin modules in `.opencode/plugin(s)/`, `~/.config/opencode/plugin(s)/`, and `opencode.json` lists.
import path from "node:path";
import { nearestPackageName, packageAgent } from "@hookwire/settings-hooks/agents";
import type { CapabilityContext, CapabilityProvider } from "../../../capability/types.js";
import type { HookItem, HookLevel } from "../../hook-item.js";
import { listFiles } from "../../list-files.js";
import { readOpencodeConfig } from "./config-file.js";
import { isPathSpec, packageName, resolvePluginSpec } from "./plugin-spec.js";

export const OPENCODE_PROVIDER_ID = "opencode";

/** opencode globs `{plugin,plugins}/*.{ts,js}` in each config folder: other extensions are not plugins there. */
const FOLDER_EXTENSIONS = new Set([".ts", ".js"]);

interface Location {
  level: HookLevel;
  /** Folder holding `plugin/` and `plugins/`. */
  dir: string;
  /** Config files whose `plugin` list is read, in opencode's order. */
  configs: string[];
}

/** User first, then the project: the order opencode loads them in. */
function locations(ctx: CapabilityContext): Location[] {
  const project = path.resolve(ctx.cwd);
  const userDir = path.join(path.resolve(ctx.home), ".config", "opencode");
  const user: Location = {
    level: "user",
    dir: userDir,
    configs: ["config.json", "opencode.json", "opencode.jsonc"].map((name) => path.join(userDir, name)),
  };
  if (project === path.resolve(ctx.home)) return [user];
  const dotDir = path.join(project, ".opencode");
  return [
    user,
    {
      level: "project",
      dir: dotDir,
      configs: [
        path.join(project, "opencode.json"),
        path.join(project, "opencode.jsonc"),
        path.join(dotDir, "opencode.json"),
        path.join(dotDir, "opencode.jsonc"),
      ],
    },
  ];
}

/** hookwire's own plugin for opencode: opencode runs hookwire through it, so it is never a project hook here. */
const OWN_PLUGIN = packageAgent("opencode").package;

/**
 * Whether a plugin entry is hookwire's own `@hookwire/opencode`, however the list names it: its npm name (any
 * version, installed or not), or a path or `file:` URL into the package. Loading it as a hook would run every hook
 * twice (once through the plugin opencode runs, once as the plugin's own hooks).
 */
function isHookwirePlugin(spec: string, file: string | undefined): boolean {
  if (!isPathSpec(spec) && packageName(spec) === OWN_PLUGIN) return true;
  return file !== undefined && nearestPackageName(path.dirname(file)) === OWN_PLUGIN;
}

export interface OpencodeProviderOptions {
  /** Default 30 (after native, Claude-style and Codex-style hooks). */
  priority?: number;
}

/** Names carry the level and the place, so a project plugin never shares a key with a user one: both run, as in opencode. */
export function opencodePluginProvider(options: OpencodeProviderOptions = {}): CapabilityProvider<HookItem> {
  return {
    id: OPENCODE_PROVIDER_ID,
    displayName: "OpenCode plugins",
    priority: options.priority ?? 30,
    async load(ctx) {
      const items: HookItem[] = [];
      const seen = new Set<string>();
      const cacheDir = path.join(path.resolve(ctx.home), ".cache", "opencode");
      const base = { type: "opencode" as const, tool: "*", source: OPENCODE_PROVIDER_ID };
      for (const { level, dir, configs } of locations(ctx)) {
        for (const config of configs) {
          const read = readOpencodeConfig(config);
          if (read.kind === "missing") continue;
          if (read.kind === "invalid") {
            items.push({ ...base, name: `${level}/${config}`, path: config, level, problem: read.message });
            continue;
          }
          for (const entry of read.entries) {
            const name = `${level}/${config}#${entry.at}`;
            const where = `\`${entry.at}\` of \`${config}\``;
            if (entry.problem) {
              items.push({ ...base, name, path: config, level, problem: entry.problem });
              continue;
            }
            if (isHookwirePlugin(entry.spec, undefined)) continue;
            const resolved = resolvePluginSpec(entry.spec, path.dirname(config), cacheDir);
            if ("file" in resolved && isHookwirePlugin(entry.spec, resolved.file)) continue;
            if ("problem" in resolved) {
              items.push({ ...base, name, path: config, level, problem: `${where}: ${resolved.problem}` });
              continue;
            }
            if (seen.has(resolved.file)) continue;
            seen.add(resolved.file);
            items.push({
              ...base,
              name,
              path: resolved.file,
              level,
              ...(entry.options ? { options: entry.options } : {}),
            });
          }
        }
        for (const folder of ["plugin", "plugins"]) {
          for (const file of listFiles(path.join(dir, folder), ctx.warn)) {
            if (!FOLDER_EXTENSIONS.has(path.extname(file)) || seen.has(file)) continue;
            seen.add(file);
            items.push({ ...base, name: `${level}/${folder}/${path.basename(file)}`, path: file, level });
          }
        }
      }
      return items;
    },
  };
}
