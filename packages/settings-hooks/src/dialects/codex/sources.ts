// Where Codex's hooks live: `hooks.json` and inline `[hooks]` in `config.toml`, per config layer, in the order they run.
import type { SourceSpec } from "../../dialect-kit/types.js";

const CONFIG_TRUST_KEYS = ["hooks", "features.hooks", "features.codex_hooks", "shell_environment_policy"];

/** Both files of one layer: `hooks.json` first, as Codex loads them. */
function layer(
  scope: SourceSpec["scope"],
  root: SourceSpec["root"],
  dir: string,
  trust: boolean,
): SourceSpec[] {
  const common = {
    scope,
    root,
    trust,
    hooksKey: "hooks",
    enableKeys: ["features.hooks", "features.codex_hooks"],
  };
  return [
    { ...common, path: `${dir}/hooks.json`, format: "json", otherKeys: ["$schema"], trustKeys: ["hooks"] },
    // config.toml holds every other Codex setting: its top-level keys are not checked, and trust covers the
    // hooks, their switches and the environment policy of the commands Codex starts, nothing else.
    { ...common, path: `${dir}/config.toml`, format: "toml", trustKeys: CONFIG_TRUST_KEYS },
  ];
}

/**
 * Lowest precedence first, as Codex runs them: system `/etc/codex/`, user `~/.codex/`, project
 * `<cwd>/.codex/`. Codex reads `$CODEX_HOME` for the user layer (default `~/.codex`); hookwire reads
 * `~/.codex`.
 */
export const codexSources: readonly SourceSpec[] = [
  ...layer("system", "system", "etc/codex", false),
  ...layer("user", "home", ".codex", false),
  ...layer("project", "project", ".codex", true),
];
