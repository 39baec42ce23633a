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
  json: { comments: true },
};
