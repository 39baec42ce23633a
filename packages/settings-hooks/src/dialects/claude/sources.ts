// Where Claude Code's settings files live, in the order their handlers run.
import type { SourceSpec } from "../../dialect-kit/types.js";
import { OTHER_SETTINGS_KEYS, PLUGIN_HOOKS_KEYS } from "../../settings-keys.js";

/**
 * What trust covers of a settings file: the hooks and their switch, the plugins that bring hooks and where
 * they come from, the environment every hook gets (`env`: `PATH` decides what a command runs), and what an
 * http hook may send. Not permission rules, models, themes, status lines.
 */
const SETTINGS_TRUST_KEYS = [
  "hooks",
  "disableAllHooks",
  "allowManagedHooksOnly",
  "env",
  "enabledPlugins",
  "extraKnownMarketplaces",
  "strictKnownMarketplaces",
  "allowedHttpHookUrls",
  "httpHookAllowedEnvVars",
];

const settings = {
  format: "json",
  hooksKey: "hooks",
  disableAllKey: "disableAllHooks",
  trustKeys: SETTINGS_TRUST_KEYS,
} as const;

/**
 * user `~/.claude/settings.json` and `~/<appDir>/settings.json`, project `<cwd>/.claude/settings.json`
 * and `<cwd>/<appDir>/settings.json`, local `<cwd>/.claude/settings.local.json`, then plugins: every
 * `~/.claude/plugins/<name>/hooks/hooks.json` and `~/<appDir>/plugins/<name>/hooks/hooks.json`, by name.
 */
export const claudeSources: readonly SourceSpec[] = [
  {
    ...settings,
    scope: "user",
    root: "home",
    path: ".claude/settings.json",
    trust: false,
    otherKeys: OTHER_SETTINGS_KEYS,
  },
  {
    ...settings,
    scope: "user",
    root: "home",
    path: "{appDir}/settings.json",
    trust: false,
    otherKeys: OTHER_SETTINGS_KEYS,
  },
  {
    ...settings,
    scope: "project",
    root: "project",
    path: ".claude/settings.json",
    trust: true,
    otherKeys: OTHER_SETTINGS_KEYS,
  },
  {
    ...settings,
    scope: "project",
    root: "project",
    path: "{appDir}/settings.json",
    trust: true,
    otherKeys: OTHER_SETTINGS_KEYS,
  },
  {
    ...settings,
    scope: "local",
    root: "project",
    path: ".claude/settings.local.json",
    trust: true,
    otherKeys: OTHER_SETTINGS_KEYS,
  },
  ...[".claude", "{appDir}"].map(
    (dir): SourceSpec => ({
      scope: "plugin",
      root: "home",
      path: `${dir}/plugins/{name}/hooks/hooks.json`,
      format: "json",
      hooksKey: "hooks",
      trustKeys: ["hooks"],
      trust: false,
      otherKeys: PLUGIN_HOOKS_KEYS.filter((key) => key !== "hooks"),
      plugin: { root: `${dir}/plugins/{name}`, data: `${dir}/plugins/data/{name}` },
      excludeNames: ["data"],
    }),
  ),
];
