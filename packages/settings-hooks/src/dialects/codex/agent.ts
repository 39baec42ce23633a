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
  silencers: [],
};
