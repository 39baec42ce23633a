// Claude Code as hookwire connects to it: its files, entry fields, gate, and what it runs itself.
import type { HookAgentSpec, SourceRef } from "../agent-spec.js";

/** Whether `source` is one of Claude Code's own files at one of `paths` (its dialect's source paths). */
export const isClaudeFile = (source: SourceRef, paths: readonly string[]): boolean =>
  source.dialect === "claude" && paths.includes(source.spec?.path ?? "");

export const claudeAgent: HookAgentSpec = {
  kind: "hook",
  id: "claude",
  dialect: "claude",
  label: "Claude Code",
  markers: [".claude"],
  hookFolders: [{ dir: ".claude", style: "claude" }],
  watched: [".claude"],
  project: { file: ".claude/settings.local.json", local: true, shared: ".claude/settings.json" },
  user: { file: ".claude/settings.json" },
  timeout: { field: "timeout", perSecond: 1 },
  failClosed: { onFailure: "block" },
  commandField: "command",
  // Measured: Claude Code 2.1.332 sets it.
  projectVariable: "CLAUDE_PROJECT_DIR",
  // Claude Code's own files and plugins; hookwire's `.hookwire/settings.json` is not one of them.
  runsItself: (source) =>
    isClaudeFile(source, [
      ".claude/settings.json",
      ".claude/settings.local.json",
      ".claude/plugins/{name}/hooks/hooks.json",
    ]),
  gate: "Claude Code runs a project's settings once you trust the folder (its start-up prompt); nothing else to approve.",
  // Claude Code does not run an http SessionStart hook (observed, issue #36): that event stays a command, and starts
  // the server. UserPromptSubmit is a command too: it makes sure of the server before each prompt and stops the prompt
  // (`continue: false`, honoured there; at SessionStart 2.1.332 ignores it) when the port is not this user's server,
  // so no call reaches another user's listener; SessionEnd, which runs after a stopped prompt, so its token never goes
  // there either (issue #38). Its http hooks read header variables from the settings' `env` (observed in 2.1.332; a
  // variable a SessionStart hook writes to CLAUDE_ENV_FILE reaches Bash only, not the hooks' headers).
  http: {
    commandOnly: ["SessionStart", "UserPromptSubmit", "SessionEnd"],
    ensuresServer: ["SessionStart", "UserPromptSubmit"],
    tokenSetting: "env",
  },
  // Any of its settings files saying so turns every hook off, hookwire's entries at user level included.
  silencers: (
    [
      [".claude/settings.json", "project"],
      [".claude/settings.local.json", "project"],
      [".claude/settings.json", "home"],
    ] as const
  ).map(([file, base]) => ({ file, base, format: "json", key: "disableAllHooks", kind: "off", value: true })),
  // Claude Code 2.1.332 reads /etc/claude-code on Linux and nothing else: its build has no variable for another place.
  managed: {
    file: "/etc/claude-code/managed-settings.json",
    format: "json",
    settings: { allowManagedHooksOnly: true },
    limits:
      "Only a managed `disableAllHooks` turns managed hooks off; the user's and the project's do not, and `allowManagedHooksOnly` keeps every other settings hook out.",
    verified: "run",
  },
  json: { comments: false },
};
