// GitHub Copilot CLI as hookwire connects to it: its files, entry fields, gate, and what it runs itself.
import type { HookAgentSpec } from "../agent-spec.js";
import { isClaudeFile } from "../claude/agent.js";

export const copilotAgent: HookAgentSpec = {
  kind: "hook",
  id: "copilot",
  dialect: "copilot",
  label: "GitHub Copilot CLI",
  // `.github` is in most repositories for other reasons: it marks nothing beyond `.git` beside it.
  markers: [],
  watched: [".github", ".github/hooks", ".copilot", ".copilot/hooks"],
  project: { file: ".github/hooks/hookwire.json", local: false },
  user: { file: ".copilot/hooks/hookwire.json" },
  skeleton: { version: 1 },
  timeout: { field: "timeoutSec", perSecond: 1 },
  // Copilot CLI refuses a call whose preToolUse hook fails (observed): its own fail-closed behaviour.
  failClosed: {},
  commandField: "bash",
  // Its own files, and Claude Code's project files, which it runs too (observed).
  runsItself: (source) =>
    source.dialect === "copilot" ||
    (source.scope !== "user" &&
      isClaudeFile(source, [".claude/settings.json", ".claude/settings.local.json"])),
  gate: "Copilot CLI loads a repository's hooks only in a folder you trust (its trust prompt, or --trust-folder).",
  // Copilot CLI refuses http hooks to a plain http:// URL that gate tools or carry variables, except on
  // localhost with this variable set (its own message says so).
  http: { needs: "COPILOT_HOOK_ALLOW_LOCALHOST=1" },
  // Its own hook file connect writes can say so too.
  silencers: [
    {
      file: ".github/hooks/hookwire.json",
      base: "project",
      format: "json",
      key: "disableAllHooks",
      kind: "off",
      value: true,
    },
    {
      file: ".copilot/hooks/hookwire.json",
      base: "home",
      format: "json",
      key: "disableAllHooks",
      kind: "off",
      value: true,
    },
  ],
  // Copilot CLI 1.0.102 loads every *.json of /etc/github-copilot/policy.d as policy hooks (no variable moves the
  // folder), and `allowManagedHooksOnly` from /etc/github-copilot/managed-settings.json keeps other hooks out.
  managed: {
    file: "/etc/github-copilot/policy.d/hookwire.json",
    format: "json",
    settings: { allowManagedHooksOnly: true },
    settingsFile: "/etc/github-copilot/managed-settings.json",
    limits:
      "Policy hooks ignore `disableAllHooks` and `disabledHooks` and run whatever the folder's trust; `allowManagedHooksOnly` blocks user, repository and plugin hooks.",
    verified: "run",
  },
  json: { comments: false },
};
