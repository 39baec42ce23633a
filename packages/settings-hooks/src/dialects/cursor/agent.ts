// Cursor as hookwire connects to it: its files, entry fields, gate, and what it runs itself.
import type { HookAgentSpec } from "../agent-spec.js";
import { isClaudeFile } from "../claude/agent.js";

export const cursorAgent: HookAgentSpec = {
  kind: "hook",
  id: "cursor",
  dialect: "cursor",
  label: "Cursor",
  markers: [".cursor"],
  watched: [".cursor"],
  project: { file: ".cursor/hooks.json", local: false },
  user: { file: ".cursor/hooks.json" },
  skeleton: { version: 1 },
  timeout: { field: "timeout", perSecond: 1 },
  failClosed: { failClosed: true },
  commandField: "command",
  // Documented by Cursor (not installed here).
  projectVariable: "CURSOR_PROJECT_DIR",
  // Cursor also runs Claude Code's files when its "third-party hooks" setting is on: hookwire leaves them to it.
  runsItself: (source) =>
    source.dialect === "cursor" ||
    isClaudeFile(source, [".claude/settings.json", ".claude/settings.local.json"]),
  gate: "Cursor runs a project's hooks in a workspace you trust; user hooks (--user) need no approval.",
  silencers: [],
  // Cursor's documentation: /etc/cursor/hooks.json on Linux, enterprise hooks merged first. Not run here.
  managed: {
    file: "/etc/cursor/hooks.json",
    format: "json",
    settings: {},
    limits:
      "Cursor documents no managed-only switch: project and user hooks still run beside hookwire. Taken from Cursor's documentation; Cursor does not run here.",
    verified: "documented",
  },
  json: { comments: false },
};
