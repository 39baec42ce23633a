// What hookwire knows of one agent it runs inside: its files, how connect registers hookwire there, what it runs
// itself, the folders that mark and change a project, and the switches that silence hooks in it.
import type { HookScope, NativeEventName } from "@hookwire/core";
import type { DialectId, SourceSpec } from "../dialect-kit/types.js";

/** A settings file as `runsItself` asks about it: the part of a `SettingsSource` it reads. */
export interface SourceRef {
  dialect: DialectId;
  scope: HookScope;
  spec?: SourceSpec;
}

/** The agents hookwire connects to: those with a settings dialect, then the in-process ones. */
export type AgentId = DialectId | PackageAgentId;
export type PackageAgentId = "pi" | "opencode";

/** What a hook can make an agent do, one native event kind at a time (docs/hosts.md's matrix). */
export type Effect =
  | "deny"
  | "ask"
  | "rewrite"
  | "context"
  | "output"
  | "followUp"
  | "refusePrompt"
  | "userMessage"
  | "setStatus";

/**
 * A folder of hook files hookwire's loader reads as this agent's: `native` modules and `hooks/{pre,post}`
 * scripts (`.pi/hooks`), Claude-style `hooks/{pre,post}/*`, Codex-style `hooks/pre-<tool>`.
 */
export interface HookFolder {
  dir: string;
  style: "native" | "claude" | "codex";
}

/**
 * A setting that turns hookwire's entries off in the agent without removing them: `connect`, `doctor` and the
 * adapter's first event look for it in each file, at project and user level (`silencingSwitches`).
 */
export interface Silencer {
  /** The file relative to its base. */
  file: string;
  base: "project" | "home";
  format: "json" | "toml";
  /** Dotted key of the switch. */
  key: string;
  /**
   * `off`: the key holding `value` turns every hook off (`disableAllHooks: true`); `names`: a list of hook
   * names and commands the agent skips (Gemini's `hooksConfig.disabled`); `states`: per-hook states keyed by
   * an id, `enabled = false` skipping one (Codex's `[hooks.state."<id>"]`); `projectTrust`: the agent's own trust
   * store (`file`, folder paths to true/false, the nearest deciding) with its default in `defaultIn`, gating a
   * project-level package (pi 1.6's `~/.pi/agent/trust.json` and `defaultProjectTrust`).
   */
  kind: "off" | "names" | "states" | "projectTrust";
  value?: unknown;
  /** Where the agent merges this key across its files, the last file that sets it decides (Gemini). */
  lastFileWins?: boolean;
  /** `projectTrust`: the user file and key of the agent's default decision, and the value that trusts. */
  defaultIn?: { file: string; key: string; trusts: unknown; otherwise: string };
  /** `projectTrust`: the agent's flag that trusts the project for one run (pi 1.6's `--approve`). */
  oneRun?: string;
}

/** How the agent reads a JSON settings file: whether comments are allowed (it ignores a file it cannot parse). */
export interface JsonReading {
  comments: boolean;
  /** A comma before a closing bracket is accepted (opencode's jsonc); default not. */
  trailingCommas?: boolean;
}

interface AgentBase {
  /** The agent's name as users know it: "Claude Code". */
  label: string;
  /** Folders that mark a project root (beside `.git` and hookwire's own), in the order reported. */
  markers: readonly string[];
  /** Hook folders hookwire's loader reads as this agent's (under the project and the home folder). */
  hookFolders?: readonly HookFolder[];
  /**
   * Folders (relative to the project and the home folder) whose entries decide what discovery finds for this
   * agent, besides its hook folders: `hookwire serve` reloads when one changes.
   */
  watched: readonly string[];
  /**
   * Folders of the agent's own extensions (pi's `.pi/extensions`): the agent runs them, never hookwire; `list` and
   * `doctor` show them as the agent's.
   */
  ownFolders?: readonly { dir: string; base: "project" | "home" }[];
  /** What the agent asks of its user before it runs hookwire (its own gate, not hookwire's): connect prints it. */
  gate: string;
  /** The switches in its settings that silence hookwire there. */
  silencers: readonly Silencer[];
  /** How it parses the JSON file connect writes (duplicate keys: every agent keeps the last one). */
  json: JsonReading;
}

/**
 * The agent's organisation-level (managed) settings on Linux, where `connect --managed` writes hookwire: a file only
 * root can write, read by the agent for every user and project, which settings lower down cannot switch off.
 */
export interface ManagedChannel {
  /** Absolute path of the file that holds the hook entries. */
  file: string;
  /** A variable the agent itself reads instead of `file` (Gemini CLI's): connect writes there when it is set. */
  variable?: string;
  format: "json" | "toml";
  /**
   * Keys (dotted) written beside the entries, and their values: the agent's switch that keeps every other hook out
   * (`allowManagedHooksOnly`), and hooks pinned on where a lower file could turn them off (Codex's `features.hooks`).
   */
  settings: Readonly<Record<string, unknown>>;
  /** The file that holds `settings` when it is not `file` (Copilot CLI's `managed-settings.json` beside `policy.d/`). */
  settingsFile?: string;
  /** The agent skips the file unless root owns it and every folder above it, none writable by group or others. */
  rootOwned?: boolean;
  /** What the agent's own managed channel still leaves open, one sentence for docs/hosts.md. */
  limits: string;
  /** How this was learnt: the installed agent run as root here, or its documentation only. */
  verified: "run" | "documented";
}

/** An agent that starts `hookwire hook <agent> <event>` per event from its own settings (its dialect's files). */
export interface HookAgentSpec extends AgentBase {
  kind: "hook";
  id: DialectId;
  /** The settings dialect its hook entries are read and answered in (the agent's own id). */
  dialect: DialectId;
  /**
   * Project scope: the file, relative to the project; `local` when the agent keeps it out of commits. `shared`: where
   * it is local, the agent's file the project commits, for `connect --shared` (a team's hookwire, no machine path).
   */
  project: { file: string; local: boolean; shared?: string };
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
  /**
   * The variable the agent sets in every hook's environment to the project it started in: its word for the
   * session's project, which nothing the model runs can change (the entries forward it to a server). Absent: it
   * sets none (measured: Codex 0.169.0 and Copilot CLI 1.0.102 name no such variable).
   */
  projectVariable?: string;
  /** The settings files the agent runs itself: `hookwire hook` runs everything else. */
  runsItself(source: SourceRef): boolean;
  /**
   * The agent can call an http hook (`connect --http`): what it needs besides `$HOOKWIRE_TOKEN`, if anything, and
   * the events it does not call over http, which `connect --http` keeps as command hooks.
   */
  http?: {
    needs?: string;
    commandOnly?: readonly string[];
    /**
     * The command events (of `commandOnly`; the first runs first in each session) whose command makes sure this user's
     * server listens for the http entries (`--http-port`), so nobody starts one by hand, and stops the session when
     * something else holds the port.
     */
    ensuresServer?: readonly string[];
    /**
     * The top-level settings object whose variables the agent's http hooks read (Claude Code's `env`): connect puts the
     * user's token there as `HOOKWIRE_TOKEN` and makes the file private, so nobody exports it. Absent: the user does.
     */
    tokenSetting?: string;
  };
  /** Its organisation-level settings (`connect --managed`), when it has them. */
  managed?: ManagedChannel;
}

/** One of an in-process agent's hooks the package runs hookwire on, and what of a hook's answer it takes. */
export interface PackageEvent {
  event: string;
  native: NativeEventName;
  applies: readonly Effect[];
  /** What the agent takes besides from a later version on (measured in both: integration/hosts/capabilities.json). */
  since?: { version: string; applies: readonly Effect[] };
}

/**
 * An agent that runs hookwire inside its own process (no `hookwire hook` per event): connect adds hookwire's
 * package to a list in the agent's settings, and the agent loads it at start.
 */
export interface PackageAgentSpec extends AgentBase {
  kind: "package";
  id: PackageAgentId;
  /** hookwire's package for the agent, as published. */
  package: string;
  /** Project scope: candidate files relative to the project, the first that exists taken (else the last). */
  project: { files: readonly string[]; local: false };
  /** User scope (`--user`): candidate files relative to the home folder. */
  user: { files: readonly string[] };
  /** The top-level key of the list, and the published item connect adds to it. */
  list: string;
  item: string;
  /** hookwire's item however it is written (a pinned version, a path to the package). */
  isOwn(item: unknown): boolean;
  /** What of the project the agent runs itself, so the package leaves it out (no hook runs twice). */
  runsItself: string;
  /**
   * The agent's hooks the package runs hookwire on (docs/hosts.md): the native event each becomes and what of
   * a hook's answer the agent takes there. The package's tests hold it to this list.
   */
  events: readonly PackageEvent[];
  /** What else to know of the agent's events (the rest of pi's, what opencode refuses), as one sentence. */
  notes: string;
  /** A hook's line for the user (`ctx.ui.notify`, a settings hook's `systemMessage`) reaches the agent's UI. */
  showsLines: boolean;
  /** A hook's `ctx.ui.setStatus` reaches the agent's UI (pi's footer). */
  showsStatus?: boolean;
}

export type AgentSpec = HookAgentSpec | PackageAgentSpec;
