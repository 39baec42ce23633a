// `hookwire connect` / `disconnect` at work: the agent's file found safely, edited, written, and recorded.
import { chmodSync, statSync } from "node:fs";
import os from "node:os";
import { type DialectId, loadDialect, tooling } from "@hookwire/settings-hooks";
import { type AgentId, type HookAgentSpec, hookAgent } from "@hookwire/settings-hooks/agents";
import { CliUsageError } from "../errors.js";
import { ensureHttpToken } from "../serve/http-token.js";
import { readExisting, unlinkedFile } from "./agent-file.js";
import { checkAsAgent } from "./agent-json.js";
import { gatesTools, HOOK_TIMEOUT_SECONDS, servedEvents } from "./agents.js";
import {
  addEntries,
  type Entry,
  entriesIn,
  type Layout,
  objectValueIn,
  removeEntries,
  removeObjectValue,
  setObjectValue,
  settingsValue,
} from "./edit.js";
import { type UndoResult, undoRecorded, writeRecorded } from "./recorded-edit.js";

const { hookwireHttpHandler, hookwireCommand, PATH_ENTRY, TOKEN_VARIABLE } = tooling;

export interface ConnectOptions {
  agent: DialectId;
  /** The project root (project scope) — ignored for `user`. */
  root: string;
  scope: "project" | "user";
  failOpen: boolean;
  /** `--fail-closed-hooks`: carried in the command, so any hook that fails on a tool event refuses the call. */
  failClosedHooks?: boolean;
  /** The words that start hookwire (`currentInvocation()`). */
  invocation: readonly string[];
  /** http hooks posting to `hookwire serve` on this 127.0.0.1 port instead of commands (Claude Code, Copilot CLI). */
  httpPort?: number;
  /** Where connect runs: on Windows, where no POSIX shell runs the agent's hooks, every file gets absolute paths. */
  platform?: NodeJS.Platform;
  /** `--shared`: the agent's file the project commits, where its project file is a local one (Claude Code's). */
  shared?: boolean;
}

/** The port `connect --http` writes when none is given; `hookwire serve --port 8977` listens there. */
export const DEFAULT_HTTP_PORT = 8977;

/** What is wrong with the token an http entry sends (`$HOOKWIRE_TOKEN`, which `hookwire serve` needs at 32+ characters). */
export function tokenProblem(token: string | undefined): string | undefined {
  if (token === undefined || token === "") return "HOOKWIRE_TOKEN is not set";
  if (token.length < 32)
    return `HOOKWIRE_TOKEN has ${token.length} characters (hookwire serve needs 32 or more)`;
  return undefined;
}

export interface ConnectResult {
  agent: AgentId;
  scope: "project" | "user";
  file: string;
  /** `created`: the file is new; `updated`: entries added or replaced; `unchanged`: already connected. */
  change: "created" | "updated" | "unchanged";
  events: string[];
}

export interface DisconnectResult extends UndoResult {
  agent: AgentId;
  file: string;
}

/**
 * The agent's file for `scope`, refused when a link could send the edit elsewhere (`unlinkedFile`).
 */
export function targetFile(
  agent: HookAgentSpec,
  scope: "project" | "user",
  root: string,
  shared = false,
): string {
  if (scope === "user") return unlinkedFile(os.homedir(), agent.user.file);
  return unlinkedFile(root, (shared ? agent.project.shared : undefined) ?? agent.project.file);
}

/**
 * Whether the file connect writes is one the project commits (at project scope, `project.local` false or `--shared`):
 * its commands then start `hookwire-hook` from PATH instead of this machine's paths, and refuse with how to install
 * hookwire on a machine without it. A user's or a local file keeps the absolute entry: no PATH lookup, nothing else
 * can stand in.
 */
export function committedFile(
  agent: HookAgentSpec,
  scope: "project" | "user",
  platform = process.platform,
  shared = false,
): boolean {
  return scope === "project" && (shared || !agent.project.local) && platform !== "win32";
}

/** The entries for every event hookwire serves in the agent, as connect writes them. */
export async function desiredEntries(options: Omit<ConnectOptions, "root">): Promise<Entry[]> {
  const agent = hookAgent(options.agent);
  const dialect = await loadDialect(agent.dialect);
  if (options.httpPort !== undefined && !agent.http)
    throw new CliUsageError(`${dialect.label} has no http hooks; connect it without --http.`);
  if (options.httpPort !== undefined && process.platform === "win32")
    throw new CliUsageError(
      "--http needs this user's hookwire server and a token file only you can read, which hookwire does not provide on Windows; connect without --http (the command hooks run the Node entry).",
    );
  return servedEvents(dialect).map((spec) => {
    const gate = gatesTools(spec);
    if (options.httpPort !== undefined && !agent.http?.commandOnly?.includes(spec.name)) {
      const handler: Record<string, unknown> = {
        ...hookwireHttpHandler({ port: options.httpPort, agent: agent.id, event: spec.name }),
        [agent.timeout.field]: HOOK_TIMEOUT_SECONDS * agent.timeout.perSecond,
        // The server down (refused, timed out) is the agent's own failure to reach it: its switch refuses the call.
        ...(gate && !options.failOpen ? agent.failClosed : {}),
      };
      return { event: spec.name, handler };
    }
    const refuses = gate && !options.failOpen;
    const committed = committedFile(agent, options.scope, options.platform, options.shared);
    const command = hookwireCommand({
      invocation: committed ? [PATH_ENTRY] : options.invocation,
      ...(committed ? { missing: refuses ? ("refuse" as const) : ("warn" as const) } : {}),
      agent: agent.id,
      event: spec.name,
      failOpen: options.failOpen,
      ...(options.failClosedHooks ? { failClosedHooks: true } : {}),
      // The session's first command starts the server its http entries post to; each prompt's checks it is still there.
      ...(options.httpPort !== undefined && agent.http?.ensuresServer?.includes(spec.name)
        ? { httpPort: options.httpPort }
        : {}),
      // Where the agent has no fail-closed switch, the command refuses the call when hookwire cannot start.
      guard: gate && !options.failOpen && agent.failClosed === undefined,
    });
    const handler: Record<string, unknown> = {
      type: "command",
      [agent.commandField]: command,
      [agent.timeout.field]: HOOK_TIMEOUT_SECONDS * agent.timeout.perSecond,
      ...(gate && !options.failOpen ? agent.failClosed : {}),
    };
    return { event: spec.name, handler };
  });
}

/** The same entries, whatever order the file lists its events in. */
export const sameEntries = (a: readonly Entry[], b: readonly Entry[]) => {
  const key = (entries: readonly Entry[]) =>
    entries
      .map((entry) => JSON.stringify(entry))
      .sort()
      .join("\n");
  return key(a) === key(b);
};

/** Where the agent's http entries read the token connect puts in its settings (Claude Code: `env`), if anywhere. */
const tokenSettingOf = (agent: HookAgentSpec): string | undefined => agent.http?.tokenSetting;

/** The token `text` holds for the agent's http entries (`env.HOOKWIRE_TOKEN`), if any. */
export function tokenIn(text: string, agent: HookAgentSpec): unknown {
  const setting = tokenSettingOf(agent);
  return setting ? objectValueIn(text, setting, TOKEN_VARIABLE) : undefined;
}

/** `text` holding `token` for the agent's http entries, or none (`undefined`: connected without --http). */
function withToken(text: string, agent: HookAgentSpec, token: string | undefined): string {
  const setting = tokenSettingOf(agent);
  if (!setting) return text;
  return token === undefined
    ? removeObjectValue(text, setting, TOKEN_VARIABLE)
    : setObjectValue(text, setting, TOKEN_VARIABLE, token);
}

export async function connectAgent(options: ConnectOptions): Promise<ConnectResult> {
  const agent = hookAgent(options.agent);
  const dialect = await loadDialect(agent.dialect);
  const layout: Layout = dialect.settings.layout === "flat" ? "flat" : "groups";
  const file = targetFile(agent, options.scope, options.root, options.shared);
  const before = readExisting(file);
  const text = before?.toString("utf8");
  if (text !== undefined) checkAsAgent(text, file, agent);
  const wanted = await desiredEntries(options);
  // The user's token, where the agent's http entries read it: nobody exports anything (issue 38).
  const carriesToken = options.httpPort !== undefined && tokenSettingOf(agent) !== undefined;
  // The token is this user's secret: never into a file the project commits (`--shared`).
  if (carriesToken && committedFile(agent, options.scope, process.platform, options.shared))
    throw new CliUsageError(
      `${file} is committed with the project, and --http writes this user's hookwire token into the file it connects. Connect --http without --shared (${agent.project.file}, this machine's), or use command hooks with --shared.`,
    );
  const token = carriesToken ? ensureHttpToken() : undefined;
  const events = wanted.map((entry) => entry.event);
  const result = { agent: agent.id, scope: options.scope, file, events };
  const holds = (content: string) =>
    sameEntries(entriesIn(content, layout, agent.id), wanted) && tokenIn(content, agent) === token;
  if (text !== undefined && holds(text) && (token === undefined || privateMode(file)))
    return { ...result, change: "unchanged" };

  const start = text ?? `${JSON.stringify(agent.skeleton ?? {}, null, 2)}\n`;
  const next = withToken(addEntries(removeEntries(start, layout, agent.id), layout, wanted), agent, token);
  const ownBefore = entriesIn(text ?? "", layout, agent.id).length > 0;
  await writeRecorded(file, { agent: agent.id, scope: options.scope, before, next, ownBefore });
  // A file holding the token is the user's alone, as the token file is.
  if (token !== undefined) chmodSync(file, 0o600);
  // Read back as the agent reads it: every entry there, as written, or connect says it failed.
  const back = readExisting(file)?.toString("utf8") ?? "";
  checkAsAgent(back, file, agent);
  if (!holds(back))
    throw new Error(
      `${file} does not hold hookwire's entries as ${agent.label} reads it after connect wrote it.`,
    );
  return { ...result, change: before === undefined ? "created" : "updated" };
}

/** Whether only this user may read `file` (no group or other bits). */
export function privateMode(file: string): boolean {
  try {
    return (statSync(file).mode & 0o077) === 0;
  } catch {
    return false;
  }
}

export async function disconnectAgent(
  options: Omit<ConnectOptions, "failOpen" | "invocation">,
): Promise<DisconnectResult> {
  const agent = hookAgent(options.agent);
  const dialect = await loadDialect(agent.dialect);
  const layout: Layout = dialect.settings.layout === "flat" ? "flat" : "groups";
  const file = targetFile(agent, options.scope, options.root, options.shared);
  const skeleton = JSON.stringify(agent.skeleton ?? {});
  const undone = undoRecorded(file, {
    agent: agent.id,
    before: readExisting(file),
    owns: (text) => entriesIn(text, layout, agent.id).length > 0 || tokenIn(text, agent) !== undefined,
    remove: (text) => withToken(removeEntries(text, layout, agent.id), agent, undefined),
    bare: (text) => JSON.stringify(settingsValue(text)) === skeleton,
  });
  return { agent: agent.id, file, ...undone };
}
