// `connect --managed` / `disconnect --managed`: hookwire in an agent's organisation-level settings (its AgentSpec's
// `managed`), written as root with the agent's switch that keeps other hooks out, read back as the agent reads it.
import { chmodSync, lstatSync, statSync } from "node:fs";
import path from "node:path";
import { loadDialect, tooling } from "@hookwire/settings-hooks";
import {
  AGENTS,
  type AgentId,
  HOOK_AGENTS,
  type HookAgentSpec,
  type ManagedChannel,
} from "@hookwire/settings-hooks/agents";
import { CliUsageError } from "../errors.js";
import { readExisting, unlinkedFile } from "./agent-file.js";
import { checkAsAgent } from "./agent-json.js";
import { type ConnectOptions, desiredEntries, sameEntries } from "./connect.js";
import {
  addEntries,
  addSetting,
  type Entry,
  entriesIn,
  type Layout,
  removeEntries,
  settingIn,
  settingsValue,
} from "./edit.js";
import { type UndoResult, undoRecorded, writeRecorded } from "./recorded-edit.js";
import { readRecords } from "./records.js";
import { addTomlPart, removeTomlPart, settingConflict, tomlEntriesIn, tomlValue } from "./toml-edit.js";

/** Where connect writes for one agent: the entries' file, and the switches' file when it is another. */
export interface ManagedTarget {
  agent: HookAgentSpec;
  channel: ManagedChannel;
  file: string;
  settingsFile: string;
  /** Moved by the agent's own variable (`GEMINI_CLI_SYSTEM_SETTINGS_PATH`): no root needed to write there. */
  moved: boolean;
}

export interface ManagedResult {
  agent: HookAgentSpec["id"];
  file: string;
  /** The switches' file, when it is not `file`. */
  settingsFile?: string;
  change: "created" | "updated" | "unchanged";
  events: string[];
  /** The switches as the file holds them now. */
  settings: Record<string, unknown>;
}

export interface ManagedUndo {
  agent: HookAgentSpec["id"];
  file: string;
  change: UndoResult["change"];
  folders: string[];
  /** Only hookwire's entries were taken out of a JSON file changed since: the switches beside them stay. */
  switchesKept: boolean;
  settingsFile?: string;
  settingsChange?: UndoResult["change"];
}

/** The agents with a managed channel, for the message that refuses the others. */
const withChannel = () => HOOK_AGENTS.filter((agent) => agent.managed).map((agent) => agent.id);

/**
 * The agent's managed files as it reads them on this machine, refused where it has none, off Linux (the paths are
 * Linux's), and for a user other than root unless the agent's own variable moves them.
 */
export function managedTarget(
  id: AgentId,
  env: NodeJS.ProcessEnv = process.env,
  uid: number | undefined = process.getuid?.(),
): ManagedTarget {
  const agent = AGENTS[id];
  const channel = agent.kind === "hook" ? agent.managed : undefined;
  if (agent.kind !== "hook" || !channel)
    throw new CliUsageError(`${agent.label} has no organisation-level settings for hookwire to write.`, {
      details: `--managed is for ${withChannel().join(", ")}; connect ${id} per project or with --user.`,
    });
  if (process.platform !== "linux")
    throw new CliUsageError(
      `connect --managed knows where agents read managed settings on Linux only (${agent.label}: ${channel.file}).`,
    );
  const override = channel.variable ? env[channel.variable] : undefined;
  const moved = override !== undefined && override !== "";
  const file = moved ? path.resolve(override) : channel.file;
  if (!moved && uid !== 0)
    throw new CliUsageError(
      `${agent.label}'s managed settings are ${file}, which only root can write (every user's ${agent.label} reads it).`,
      { details: `Run it as root: sudo "$(command -v hookwire)" connect ${id} --managed.` },
    );
  return {
    agent,
    channel,
    file: unlinkedFile("/", path.relative("/", file)),
    settingsFile: channel.settingsFile ? unlinkedFile("/", path.relative("/", channel.settingsFile)) : file,
    moved,
  };
}

/**
 * For `hookwire doctor`: each agent's managed file that holds hookwire's entries, with the words they start hookwire
 * with (read as any user can; nothing is written).
 */
export async function managedConnections(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ agent: HookAgentSpec; file: string; invocations: (readonly string[])[] }[]> {
  const found: { agent: HookAgentSpec; file: string; invocations: (readonly string[])[] }[] = [];
  for (const agent of HOOK_AGENTS) {
    const channel = agent.managed;
    if (!channel) continue;
    const moved = channel.variable ? env[channel.variable] : undefined;
    const file = moved ? path.resolve(moved) : channel.file;
    let text: string | undefined;
    try {
      text = readExisting(file)?.toString("utf8");
    } catch {
      continue;
    }
    if (text === undefined) continue;
    const target: ManagedTarget = { agent, channel, file, settingsFile: file, moved: Boolean(moved) };
    let entries: Entry[];
    try {
      entries = await entriesOf(target, text);
    } catch {
      continue;
    }
    if (entries.length === 0) continue;
    const invocations = entries.map((entry) => tooling.parseConnectionEntry(entry.handler)?.invocation ?? []);
    found.push({ agent, file, invocations });
  }
  return found;
}

/**
 * Why a user other than root could change what `target` runs or holds, or `undefined`: it or a folder above it
 * owned by another user, or writable by group or others (a developer could swap the hookwire every user's agent
 * starts, or the file). The agents that check this themselves (Gemini CLI) skip such a file.
 */
export function sharedPathProblem(target: string): string | undefined {
  let current = path.resolve(target);
  for (;;) {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = lstatSync(current);
    } catch {
      current = path.dirname(current);
      continue;
    }
    if (stat.isSymbolicLink()) stat = statSync(current);
    if (stat.uid !== 0) return `${current} is owned by uid ${stat.uid}, not root`;
    if ((stat.mode & 0o022) !== 0)
      return `${current} is writable by ${stat.mode & 0o020 ? "its group" : "every user"} (mode ${(stat.mode & 0o7777).toString(8)})`;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** The same check over the words that start hookwire: the node and the CLI every user's agent runs. */
function entryProblem(invocation: readonly string[]): string | undefined {
  for (const word of invocation) {
    const problem = sharedPathProblem(word);
    if (problem) return `${word}: ${problem}`;
  }
  return undefined;
}

const layoutOf = async (agent: HookAgentSpec): Promise<Layout> =>
  (await loadDialect(agent.dialect)).settings.layout === "flat" ? "flat" : "groups";

/** hookwire's entries in the file's text, in its format. */
async function entriesOf(target: ManagedTarget, text: string): Promise<Entry[]> {
  if (text.trim() === "") return [];
  if (target.channel.format === "toml") return tomlEntriesIn(tomlValue(text, target.file), target.agent.id);
  return entriesIn(text, await layoutOf(target.agent), target.agent.id);
}

const settingOf = (target: ManagedTarget, text: string, key: string): unknown =>
  target.channel.format === "toml" ? tomlSetting(tomlValue(text, target.file), key) : settingIn(text, key);

function tomlSetting(value: Record<string, unknown>, key: string): unknown {
  let current: unknown = value;
  for (const part of key.split("."))
    current =
      typeof current === "object" && current !== null
        ? (current as Record<string, unknown>)[part]
        : undefined;
  return current;
}

/** JSON text with the missing switches added; one the file decides otherwise is refused. */
function withJsonSettings(text: string, file: string, settings: Readonly<Record<string, unknown>>): string {
  let out = text;
  for (const [key, wanted] of Object.entries(settings)) {
    const has = settingIn(out, key);
    if (has === wanted) continue;
    if (has !== undefined) throw settingConflict(file, key, has, wanted);
    out = addSetting(out, key, wanted);
  }
  return out;
}

/** The next text of the entries' file: hookwire's entries replaced, and the switches when they live there too. */
async function nextText(target: ManagedTarget, before: string | undefined, wanted: Entry[]): Promise<string> {
  const { agent, channel } = target;
  const together = target.settingsFile === target.file;
  const settled = (text: string) =>
    !together ||
    Object.entries(channel.settings).every(([key, value]) => settingOf(target, text, key) === value);
  // Already connected as wanted: the file stays byte for byte.
  if (before !== undefined && sameEntries(await entriesOf(target, before), wanted) && settled(before))
    return before;
  if (channel.format === "toml") {
    const start = before === undefined ? "" : removeTomlPart(before, target.file);
    return addTomlPart(start, target.file, wanted, together ? channel.settings : {});
  }
  const layout = await layoutOf(agent);
  const start = before ?? `${JSON.stringify(agent.skeleton ?? {}, null, 2)}\n`;
  const next = addEntries(removeEntries(start, layout, agent.id), layout, wanted);
  return together ? withJsonSettings(next, target.file, channel.settings) : next;
}

/** Writes `next` over `file` for every user to read: created files 0644 and the folders connect made 0755. */
async function writeShared(target: ManagedTarget, file: string, before: Buffer | undefined, next: string) {
  await writeRecorded(file, {
    agent: target.agent.id,
    scope: "managed",
    before,
    next,
    ownBefore: before !== undefined && (await entriesOf(target, before.toString("utf8"))).length > 0,
  });
  if (before === undefined) chmodSync(file, 0o644);
  let folder = path.dirname(file);
  for (let made = readRecords()[file]?.folders ?? 0; made > 0; made--) {
    chmodSync(folder, 0o755);
    folder = path.dirname(folder);
  }
}

/** Throws when the agent would skip `file` where it is (Gemini CLI: not root's alone, or a folder above it). */
function checkPlace(target: ManagedTarget, file: string): void {
  const problem = target.channel.rootOwned ? sharedPathProblem(file) : undefined;
  if (problem)
    throw new CliUsageError(
      `${target.agent.label} skips ${file}: ${problem} (it reads a system settings file only when root owns it and every folder above it, none writable by group or others).`,
    );
}

/** Throws unless `text` holds `wanted` and every switch as the agent reads the file. */
async function checkBack(target: ManagedTarget, file: string, wanted: Entry[] | undefined): Promise<void> {
  const text = readExisting(file)?.toString("utf8") ?? "";
  if (target.channel.format === "json") checkAsAgent(text, file, target.agent);
  const wrong = (what: string) =>
    new Error(`${file} does not hold ${what} as ${target.agent.label} reads it after connect wrote it.`);
  if (wanted && !sameEntries(await entriesOf(target, text), wanted)) throw wrong("hookwire's entries");
  if (file === target.settingsFile)
    for (const [key, value] of Object.entries(target.channel.settings))
      if (settingOf(target, text, key) !== value) throw wrong(`${key} = ${JSON.stringify(value)}`);
  // Again after the write: the folders connect made are in the path now.
  checkPlace(target, file);
}

export async function connectManaged(
  options: Omit<ConnectOptions, "root" | "scope" | "httpPort" | "invocation"> & { invocation: string[] },
): Promise<ManagedResult> {
  const target = managedTarget(options.agent);
  // Outside a moved test file, the hookwire every user's agent starts must be one only root can change.
  const shared = target.moved ? undefined : entryProblem(options.invocation);
  if (shared)
    throw new CliUsageError(
      `Every user's ${target.agent.label} would start hookwire from a path another user can change (${shared}).`,
      {
        details:
          "Install hookwire where only root can write (as root: npm install -g hookwire), then connect from there.",
      },
    );
  // Scope "user": a file of this machine, never the committed project file's PATH entry.
  const wanted = await desiredEntries({ ...options, scope: "user" });
  const before = readExisting(target.file);
  const text = before?.toString("utf8");
  if (text !== undefined && target.channel.format === "json") checkAsAgent(text, target.file, target.agent);
  const next = await nextText(target, text, wanted);
  const settingsBefore = target.settingsFile === target.file ? undefined : readExisting(target.settingsFile);
  const settingsNext =
    target.settingsFile === target.file
      ? undefined
      : withJsonSettings(
          settingsBefore?.toString("utf8") ?? "{}\n",
          target.settingsFile,
          target.channel.settings,
        );
  if (settingsBefore) checkAsAgent(settingsBefore.toString("utf8"), target.settingsFile, target.agent);
  // Before anything is written: a refused place keeps nothing of hookwire's.
  checkPlace(target, target.file);
  checkPlace(target, target.settingsFile);
  const changed =
    next !== text || (settingsNext !== undefined && settingsNext !== settingsBefore?.toString("utf8"));
  if (next !== text) await writeShared(target, target.file, before, next);
  if (settingsNext !== undefined && settingsNext !== settingsBefore?.toString("utf8"))
    await writeShared(target, target.settingsFile, settingsBefore, settingsNext);
  await checkBack(target, target.file, wanted);
  if (target.settingsFile !== target.file) await checkBack(target, target.settingsFile, undefined);
  return {
    agent: target.agent.id,
    file: target.file,
    ...(target.settingsFile === target.file ? {} : { settingsFile: target.settingsFile }),
    change: !changed ? "unchanged" : before === undefined ? "created" : "updated",
    events: wanted.map((entry) => entry.event),
    settings: { ...target.channel.settings },
  };
}

/**
 * Takes hookwire out of the agent's managed files: each as it was when it is as connect left it, else only
 * hookwire's entries (the switches stay: the organisation may rely on them now; the result says so).
 */
export async function disconnectManaged(id: AgentId): Promise<ManagedUndo> {
  const target = managedTarget(id);
  const { agent, channel } = target;
  // The switches' own file first: a folder connect made for both goes once both files are gone.
  const settings =
    target.settingsFile === target.file
      ? undefined
      : undoRecorded(target.settingsFile, {
          agent: agent.id,
          before: readExisting(target.settingsFile),
          owns: () => false,
          remove: (text) => text,
          bare: () => false,
        });
  const skeleton = JSON.stringify(agent.skeleton ?? {});
  const layout = await layoutOf(agent);
  const undone = undoRecorded(target.file, {
    agent: agent.id,
    before: readExisting(target.file),
    owns: (text) =>
      channel.format === "toml"
        ? tomlEntriesIn(tomlValue(text, target.file), agent.id).length > 0
        : entriesIn(text, layout, agent.id).length > 0,
    remove: (text) =>
      channel.format === "toml" ? removeTomlPart(text, target.file) : removeEntries(text, layout, agent.id),
    bare: (text) =>
      channel.format === "toml" ? text.trim() === "" : JSON.stringify(settingsValue(text)) === skeleton,
  });
  return {
    agent: agent.id,
    file: target.file,
    change: undone.change,
    folders: [...(settings?.folders ?? []), ...undone.folders],
    switchesKept: undone.change === "edited" && channel.format === "json",
    ...(settings ? { settingsFile: target.settingsFile, settingsChange: settings.change } : {}),
  };
}
