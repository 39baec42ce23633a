// The agents `hookwire connect` wires in: one entry each (files, entry fields, their own gate, what they run).
import { didYouMean, type NativeEventName } from "@hookwire/core";
import {
  type AnyBridgedEvent,
  bridgedEvents,
  type Dialect,
  type DialectId,
  dialectById,
  type SettingsSource,
} from "@hookwire/settings-hooks";
import { CliUsageError } from "../errors.js";
import type { Effect } from "./capabilities.js";

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

/**
 * An agent that runs hookwire inside its own process (no `hookwire hook` per event): connect adds hookwire's
 * package to a list in the agent's settings, and the agent loads it at start.
 */
export interface PackageAgent {
  id: PackageAgentId;
  label: string;
  /** Project scope: candidate files relative to the project, the first that exists taken (else the last). */
  project: { files: readonly string[]; local: false };
  /** User scope (`--user`): candidate files relative to the home folder. */
  user: { files: readonly string[] };
  /** The top-level key of the list, and the item connect adds to it. */
  list: string;
  item: string;
  /** hookwire's item however it is written (a pinned version, a path to the package). */
  isOwn(item: unknown): boolean;
  /** What happens next: the agent installs or loads the package. */
  gate: string;
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
}

export interface PackageEvent {
  event: string;
  native: NativeEventName;
  applies: readonly Effect[];
}

export type PackageAgentId = "pi" | "opencode";

/** `npm:@hookwire/pi`, `npm:@hookwire/pi@1.2.3`, `@hookwire/opencode@latest`: the package, any version. */
const names = (spec: string) => (item: unknown) =>
  typeof item === "string" &&
  (item === spec || (item.startsWith(`${spec}@`) && !item.slice(spec.length + 1).includes("/")));

export const PACKAGE_AGENTS: Readonly<Record<PackageAgentId, PackageAgent>> = {
  pi: {
    id: "pi",
    label: "pi",
    // Where `pi install -l` and `pi install` write; pi installs a project's missing packages when it starts.
    project: { files: [".pi/settings.json"], local: false },
    user: { files: [".pi/agent/settings.json"] },
    list: "packages",
    item: "npm:@hookwire/pi",
    isOwn: names("npm:@hookwire/pi"),
    gate: "pi installs the package from npm when it next starts (as `pi install npm:@hookwire/pi` does) and runs hookwire in its own process.",
    runsItself: "its own extensions (`.pi/extensions`, pi packages): none is a hookwire format",
    // packages/pi/src/events.ts, each answered in pi's own result shape.
    events: [
      { event: "tool_call", native: "tool_call", applies: ["deny", "ask", "rewrite", "context"] },
      { event: "tool_result", native: "tool_result", applies: ["context", "output"] },
      { event: "before_agent_start", native: "before_agent_start", applies: ["context", "refusePrompt"] },
      { event: "agent_end", native: "agent_end", applies: ["followUp"] },
    ],
    notes:
      "A hook's ask is pi's confirm dialog (refused without a UI); `context` gives pi the messages as the hooks left " +
      "them; every other pi event reaches hooks as the native event of the same name, its result returned to pi.",
    showsLines: true,
  },
  opencode: {
    id: "opencode",
    label: "opencode",
    project: { files: ["opencode.jsonc", "opencode.json"], local: false },
    user: { files: [".config/opencode/opencode.jsonc", ".config/opencode/opencode.json"] },
    list: "plugin",
    item: "@hookwire/opencode",
    isOwn: names("@hookwire/opencode"),
    gate: "opencode installs the plugin from npm when it next starts and runs hookwire in its own process (under its Bun).",
    runsItself:
      "its own plugins (`.opencode/plugin(s)/`, the `plugin` lists): the package loads every other format",
    // packages/opencode/src/plugin.ts: opencode 1.18's v1 plugin shape has no session, prompt or stop hooks.
    events: [
      // The call's context reaches the model with the result.
      { event: "tool.execute.before", native: "tool_call", applies: ["deny", "rewrite", "context"] },
      { event: "tool.execute.after", native: "tool_result", applies: ["context", "output"] },
    ],
    notes:
      "A hook's ask or defer refuses the call (a plugin cannot ask opencode's user); sessions, prompts and Stop " +
      "have no plugin hook in opencode 1.18, and a hook's line for the user goes to stderr.",
    showsLines: false,
  },
};

/** Every agent connect knows: the command-hook agents, then the in-process ones. */
export type ConnectId = DialectId | PackageAgentId;
export const CONNECT_IDS: readonly ConnectId[] = [
  ...AGENT_IDS,
  ...(Object.keys(PACKAGE_AGENTS) as PackageAgentId[]),
];

export const isPackageAgent = (id: ConnectId): id is PackageAgentId => Object.hasOwn(PACKAGE_AGENTS, id);

/** The agent a user named for connect or disconnect, checked. */
export function connectArg(name: string): ConnectId {
  if ((CONNECT_IDS as readonly string[]).includes(name)) return name as ConnectId;
  const hint = didYouMean(name, CONNECT_IDS);
  throw new CliUsageError(`Unknown agent "${name}".${hint ? ` Did you mean "${hint}"?` : ""}`, {
    details: `Agents: ${CONNECT_IDS.join(", ")}.`,
  });
}

/** The agent a user named, checked: `claude`, `codex`, `gemini`, `copilot`, `cursor`. */
export function agentArg(name: string): DialectId {
  if ((AGENT_IDS as readonly string[]).includes(name)) return name as DialectId;
  const hint = didYouMean(name, AGENT_IDS);
  throw new CliUsageError(`Unknown agent "${name}".${hint ? ` Did you mean "${hint}"?` : ""}`, {
    details: `Agents: ${AGENT_IDS.join(", ")}.`,
  });
}

/** The events hookwire serves inside the agent: those whose dialect spec has the reverse direction. */
export function servedEvents(dialect: Dialect): AnyBridgedEvent[] {
  return bridgedEvents(dialect).filter((spec) => spec.reverse !== undefined);
}

/** Tool-gating events: a failure inside hookwire refuses the call there (the fail-closed ones). */
export const gatesTools = (spec: AnyBridgedEvent): boolean => spec.native === "tool_call";

export function agentDialect(agent: ConnectAgent): Dialect {
  return dialectById(agent.id);
}
