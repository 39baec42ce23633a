// Gemini CLI as hookwire connects to it: its files, entry fields, gate, and what it runs itself.
import type { HookAgentSpec } from "../agent-spec.js";

export const geminiAgent: HookAgentSpec = {
  kind: "hook",
  id: "gemini",
  dialect: "gemini",
  label: "Gemini CLI",
  markers: [".gemini"],
  watched: [".gemini"],
  project: { file: ".gemini/settings.json", local: false },
  user: { file: ".gemini/settings.json" },
  timeout: { field: "timeout", perSecond: 1000 },
  commandField: "command",
  // Measured: Gemini CLI 0.61.0 sets it (and CLAUDE_PROJECT_DIR).
  projectVariable: "GEMINI_PROJECT_DIR",
  runsItself: (source) => source.dialect === "gemini",
  gate: "Gemini CLI runs a workspace's hooks only in a trusted folder (its folder-trust prompt, or GEMINI_CLI_TRUST_WORKSPACE=true).",
  // User settings first, then the workspace's: Gemini CLI merges them, the workspace's `enabled` deciding.
  silencers: (["home", "project"] as const).flatMap((base) => [
    {
      file: ".gemini/settings.json",
      base,
      format: "json",
      key: "hooksConfig.enabled",
      kind: "off",
      value: false,
      lastFileWins: true,
    } as const,
    {
      file: ".gemini/settings.json",
      base,
      format: "json",
      key: "hooksConfig.disabled",
      kind: "names",
    } as const,
  ]),
  // Gemini CLI 0.61 reads its system settings last (they win), only when root owns the file and every folder above it
  // and none is writable by group or others; GEMINI_CLI_SYSTEM_SETTINGS_PATH moves the file.
  managed: {
    file: "/etc/gemini-cli/settings.json",
    variable: "GEMINI_CLI_SYSTEM_SETTINGS_PATH",
    format: "json",
    settings: { "hooksConfig.enabled": true },
    rootOwned: true,
    limits:
      "Gemini CLI has no managed-only switch: project and user hooks still run beside hookwire, a project's `hooksConfig.disabled` naming hookwire's command turns it off (Gemini CLI unions that list across files; `hookwire doctor` reports it), and in a folder it does not trust Gemini CLI runs no settings hook at all.",
    verified: "run",
  },
  json: { comments: true },
};
