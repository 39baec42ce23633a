// Codex as hookwire connects to it: its files, entry fields, gate, and what it runs itself.
import type { HookAgentSpec } from "../agent-spec.js";

export const codexAgent: HookAgentSpec = {
  kind: "hook",
  id: "codex",
  dialect: "codex",
  label: "Codex",
  markers: [".codex"],
  hookFolders: [{ dir: ".codex", style: "codex" }],
  watched: [".codex"],
  project: { file: ".codex/hooks.json", local: false },
  user: { file: ".codex/hooks.json" },
  timeout: { field: "timeout", perSecond: 1 },
  commandField: "command",
  runsItself: (source) => source.dialect === "codex",
  gate:
    "Codex reads a project's .codex/ only in a project it trusts, and runs a new hook only after you review it: " +
    "start codex, open /hooks and trust the entries that run `hookwire hook codex …` (again after each reconnect, " +
    "since the review is by the command's hash).",
  // `[features] hooks = false` (and its older spelling) in either config layer; a hook's own state off.
  silencers: [
    ...(["home", "project"] as const).flatMap((base) => [
      {
        file: ".codex/config.toml",
        base,
        format: "toml",
        key: "features.hooks",
        kind: "off",
        value: false,
      } as const,
      {
        file: ".codex/config.toml",
        base,
        format: "toml",
        key: "features.codex_hooks",
        kind: "off",
        value: false,
      } as const,
      { file: ".codex/config.toml", base, format: "toml", key: "hooks.state", kind: "states" } as const,
      { file: ".codex/hooks.json", base, format: "json", key: "hooks.state", kind: "states" } as const,
    ]),
  ],
  // Codex 0.169 reads requirements from /etc/codex on Linux (no variable moves it). Managed hooks need no review, and
  // a lower `[features] hooks = false` turns them off unless the requirements pin it on (observed).
  managed: {
    file: "/etc/codex/requirements.toml",
    format: "toml",
    settings: { allow_managed_hooks_only: true, "features.hooks": true },
    limits:
      "`[features] hooks = true` in the requirements is what keeps a user's or project's `hooks = false` from turning managed hooks off; `allow_managed_hooks_only` keeps user, project and session hooks out.",
    verified: "run",
  },
  json: { comments: false },
};
