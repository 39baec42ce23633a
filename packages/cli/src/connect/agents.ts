// The agents `hookwire connect` wires in: one entry each (files, entry fields, their own gate, what they run).
import {
  type AnyBridgedEvent,
  bridgedEvents,
  type Dialect,
  type DialectId,
  dialectById,
  type SettingsSource,
} from "@hookwire/settings-hooks";

/** One agent hookwire connects to: where its registration goes and how the agent reads it. */
export interface ConnectAgent {
  id: DialectId;
  /** Project scope: the file, relative to the project; `local` when the agent keeps it out of commits. */
  project: { file: string; local: boolean };
  /** User scope (`--user`): the file, relative to the home folder. */
  user: { file: string };
  /** A file connect creates starts as this (the format's version key). */
  skeleton?: Record<string, unknown>;
  /** Seconds the agent gives the hook, written in its own unit and field. */
  timeout: { field: string; perSecond: number };
  /**
   * The agent's own fail-closed switch, written on tool-gating entries; absent: the agent has none, and
   * the command carries hookwire's guard (it refuses the call when hookwire cannot start).
   */
  failClosed?: Record<string, unknown>;
  /** The field that holds the command (Copilot's `bash`). */
  commandField: string;
  /** The settings files the agent runs itself: `hookwire hook` runs everything else. */
  runsItself(source: SettingsSource): boolean;
  /** What the agent asks of its user before it runs the entries (its own gate, not hookwire's). */
  gate: string;
  /** The agent can call an http hook (`connect --http`): what it needs besides `$HOOKWIRE_TOKEN`, if anything. */
  http?: { needs?: string };
}

/** Seconds the agent waits for one `hookwire hook`; hookwire answers on its own a few seconds before. */
export const HOOK_TIMEOUT_SECONDS = 60;

const path = (source: SettingsSource) => source.spec?.path ?? "";
const claudeFile = (source: SettingsSource, paths: readonly string[]) =>
  source.dialect === "claude" && paths.includes(path(source));

export const AGENTS: Readonly<Record<DialectId, ConnectAgent>> = {
  claude: {
    id: "claude",
    project: { file: ".claude/settings.local.json", local: true },
    user: { file: ".claude/settings.json" },
    timeout: { field: "timeout", perSecond: 1 },
    failClosed: { onFailure: "block" },
    commandField: "command",
    // Claude Code's own files and plugins; hookwire's `.hookwire/settings.json` is not one of them.
    runsItself: (source) =>
      claudeFile(source, [
        ".claude/settings.json",
        ".claude/settings.local.json",
        ".claude/plugins/{name}/hooks/hooks.json",
      ]),
    gate: "Claude Code runs a project's settings once you trust the folder (its start-up prompt); nothing else to approve.",
    http: {},
  },
  codex: {
    id: "codex",
    project: { file: ".codex/hooks.json", local: false },
    user: { file: ".codex/hooks.json" },
    timeout: { field: "timeout", perSecond: 1 },
    commandField: "command",
    runsItself: (source) => source.dialect === "codex",
    gate:
      "Codex reads a project's .codex/ only in a project it trusts, and runs a new hook only after you review it: " +
      "start codex, open /hooks and trust the entries that run `hookwire hook codex …` (again after each reconnect, " +
      "since the review is by the command's hash).",
  },
  gemini: {
    id: "gemini",
    project: { file: ".gemini/settings.json", local: false },
    user: { file: ".gemini/settings.json" },
    timeout: { field: "timeout", perSecond: 1000 },
    commandField: "command",
    runsItself: (source) => source.dialect === "gemini",
    gate: "Gemini CLI runs a workspace's hooks only in a trusted folder (its folder-trust prompt, or GEMINI_CLI_TRUST_WORKSPACE=true).",
  },
  copilot: {
    id: "copilot",
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
        claudeFile(source, [".claude/settings.json", ".claude/settings.local.json"])),
    gate: "Copilot CLI loads a repository's hooks only in a folder you trust (its trust prompt, or --trust-folder).",
    // Copilot CLI refuses http hooks to a plain http:// URL that gate tools or carry variables, except on
    // localhost with this variable set (its own message says so).
    http: { needs: "COPILOT_HOOK_ALLOW_LOCALHOST=1" },
  },
  cursor: {
    id: "cursor",
    project: { file: ".cursor/hooks.json", local: false },
    user: { file: ".cursor/hooks.json" },
    skeleton: { version: 1 },
    timeout: { field: "timeout", perSecond: 1 },
    failClosed: { failClosed: true },
    commandField: "command",
    // Cursor also runs Claude Code's files when its "third-party hooks" setting is on: hookwire leaves them to it.
    runsItself: (source) =>
      source.dialect === "cursor" ||
      claudeFile(source, [".claude/settings.json", ".claude/settings.local.json"]),
    gate: "Cursor runs a project's hooks in a workspace you trust; user hooks (--user) need no approval.",
  },
};

/** The agents by name, for argument checks and help. */
export const AGENT_IDS = Object.keys(AGENTS) as DialectId[];

/** The events hookwire serves inside the agent: those whose dialect spec has the reverse direction. */
export function servedEvents(dialect: Dialect): AnyBridgedEvent[] {
  return bridgedEvents(dialect).filter((spec) => spec.reverse !== undefined);
}

/** Tool-gating events: a failure inside hookwire refuses the call there (the fail-closed ones). */
export const gatesTools = (spec: AnyBridgedEvent): boolean => spec.native === "tool_call";

export function agentDialect(agent: ConnectAgent): Dialect {
  return dialectById(agent.id);
}
