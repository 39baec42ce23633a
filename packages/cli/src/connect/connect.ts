// `hookwire connect` / `disconnect` at work: the agent's file found safely, edited, written, and recorded.
import { lstatSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type DialectId, loadDialect, tooling } from "@hookwire/settings-hooks";
import { CliUsageError } from "../errors.js";
import {
  AGENTS,
  type ConnectAgent,
  type ConnectId,
  gatesTools,
  HOOK_TIMEOUT_SECONDS,
  servedEvents,
} from "./agents.js";
import { addEntries, type Entry, entriesIn, type Layout, removeEntries, settingsValue } from "./edit.js";
import { type ConnectionRecord, MAX_ORIGINAL_BYTES, readRecords, sha256, writeRecord } from "./records.js";

const { hookwireHttpHandler, hookwireCommand } = tooling;

export interface ConnectOptions {
  agent: DialectId;
  /** The project root (project scope) — ignored for `user`. */
  root: string;
  scope: "project" | "user";
  failOpen: boolean;
  /** The words that start hookwire (`currentInvocation()`). */
  invocation: readonly string[];
  /** http hooks posting to `hookwire serve` on this 127.0.0.1 port instead of commands (Claude Code, Copilot CLI). */
  httpPort?: number;
}

/** The port `connect --http` writes when none is given; `hookwire serve --port 8977` listens there. */
export const DEFAULT_HTTP_PORT = 8977;

export interface ConnectResult {
  agent: ConnectId;
  scope: "project" | "user";
  file: string;
  /** `created`: the file is new; `updated`: entries added or replaced; `unchanged`: already connected. */
  change: "created" | "updated" | "unchanged";
  events: string[];
}

export interface DisconnectResult {
  agent: ConnectId;
  file: string;
  /** `removed`: the file connect made is gone; `restored`: the file is byte for byte as before; `edited`: only hookwire's entries were taken out (the file changed since). */
  change: "removed" | "restored" | "edited" | "unchanged";
}

/** Settings files above this are refused (they are a few KB; the agents cap theirs too). */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/**
 * The agent's file for `scope`, refused when a link could send the edit elsewhere: every folder from the
 * project (or home) down to it, and the file itself, must be real (a repository can commit
 * `.claude/settings.local.json` as a link to a file of the user's).
 */
export function targetFile(agent: ConnectAgent, scope: "project" | "user", root: string): string {
  return unlinkedFile(
    scope === "user" ? os.homedir() : root,
    scope === "user" ? agent.user.file : agent.project.file,
  );
}

/** `relative` under `base`, refused when a link is on the way (see `targetFile`). */
export function unlinkedFile(base: string, relative: string): string {
  const file = path.join(base, relative);
  let current = base;
  for (const segment of relative.split("/")) {
    current = path.join(current, segment);
    let stat: ReturnType<typeof lstatSync> | undefined;
    try {
      stat = lstatSync(current);
    } catch {
      break;
    }
    if (stat.isSymbolicLink()) {
      throw new CliUsageError(
        `${current} is a link; hookwire does not edit through links (it could point anywhere). Replace it with the real file or folder.`,
      );
    }
  }
  return file;
}

export function readExisting(file: string): Buffer | undefined {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(file);
  } catch {
    return undefined;
  }
  if (!stat.isFile()) throw new CliUsageError(`${file} is not a regular file; hookwire will not edit it.`);
  if (stat.size > MAX_SETTINGS_BYTES)
    throw new CliUsageError(`${file} is over 1 MiB; hookwire will not edit it.`);
  return readFileSync(file);
}

/** Written beside the file and renamed over it, with the file's mode: the agent never reads half of it. */
export function writeAtomically(file: string, text: string, mode: number | undefined): void {
  const temporary = `${file}.hookwire-${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text, { mode: mode ?? 0o644, flag: "wx" });
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** The entries for every event hookwire serves in the agent, as connect writes them. */
export async function desiredEntries(options: ConnectOptions): Promise<Entry[]> {
  const agent = AGENTS[options.agent];
  const dialect = await loadDialect(agent.id);
  if (options.httpPort !== undefined && !agent.http)
    throw new CliUsageError(`${dialect.label} has no http hooks; connect it without --http.`);
  return servedEvents(dialect).map((spec) => {
    const gate = gatesTools(spec);
    if (options.httpPort !== undefined) {
      const handler: Record<string, unknown> = {
        ...hookwireHttpHandler({ port: options.httpPort, agent: agent.id, event: spec.name }),
        [agent.timeout.field]: HOOK_TIMEOUT_SECONDS * agent.timeout.perSecond,
        // The server down (refused, timed out) is the agent's own failure to reach it: its switch refuses the call.
        ...(gate && !options.failOpen ? agent.failClosed : {}),
      };
      return { event: spec.name, handler };
    }
    const command = hookwireCommand({
      invocation: options.invocation,
      agent: agent.id,
      event: spec.name,
      failOpen: options.failOpen,
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
const same = (a: readonly Entry[], b: readonly Entry[]) => {
  const key = (entries: readonly Entry[]) =>
    entries
      .map((entry) => JSON.stringify(entry))
      .sort()
      .join("\n");
  return key(a) === key(b);
};

export async function connectAgent(options: ConnectOptions): Promise<ConnectResult> {
  const agent = AGENTS[options.agent];
  const dialect = await loadDialect(agent.id);
  const layout: Layout = dialect.settings.layout === "flat" ? "flat" : "groups";
  const file = targetFile(agent, options.scope, options.root);
  const before = readExisting(file);
  const text = before?.toString("utf8");
  const wanted = await desiredEntries(options);
  const events = wanted.map((entry) => entry.event);
  const result = { agent: agent.id, scope: options.scope, file, events };
  if (text !== undefined && same(entriesIn(text, layout, agent.id), wanted))
    return { ...result, change: "unchanged" };

  const start = text ?? `${JSON.stringify(agent.skeleton ?? {}, null, 2)}\n`;
  const next = addEntries(removeEntries(start, layout, agent.id), layout, wanted);
  await mkdir(path.dirname(file), { recursive: true });
  const mode = before ? statSync(file).mode & 0o777 : undefined;
  writeAtomically(file, next, mode);

  const previous = readRecords()[file];
  const record: ConnectionRecord = {
    agent: agent.id,
    scope: options.scope,
    created: previous && previous.written === sha256(before ?? "") ? previous.created : before === undefined,
    written: sha256(next),
    at: new Date().toISOString(),
  };
  if (previous && previous.written === sha256(before ?? "")) {
    if (previous.original !== undefined) record.original = previous.original;
  } else if (
    before &&
    before.length <= MAX_ORIGINAL_BYTES &&
    entriesIn(text ?? "", layout, agent.id).length === 0
  ) {
    record.original = before.toString("base64");
  }
  writeRecord(file, record);
  return { ...result, change: before === undefined ? "created" : "updated" };
}

export async function disconnectAgent(
  options: Omit<ConnectOptions, "failOpen" | "invocation">,
): Promise<DisconnectResult> {
  const agent = AGENTS[options.agent];
  const dialect = await loadDialect(agent.id);
  const layout: Layout = dialect.settings.layout === "flat" ? "flat" : "groups";
  const file = targetFile(agent, options.scope, options.root);
  const before = readExisting(file);
  const record = readRecords()[file];
  const result = { agent: agent.id, file };
  if (before === undefined) {
    if (record) writeRecord(file, undefined);
    return { ...result, change: "unchanged" };
  }
  // Untouched since connect wrote it: exactly what was there before comes back.
  if (record && record.agent === agent.id && record.written === sha256(before)) {
    if (record.created) rmSync(file);
    else if (record.original !== undefined)
      writeAtomically(
        file,
        Buffer.from(record.original, "base64").toString("utf8"),
        statSync(file).mode & 0o777,
      );
    if (record.created || record.original !== undefined) {
      writeRecord(file, undefined);
      return { ...result, change: record.created ? "removed" : "restored" };
    }
  }
  const text = before.toString("utf8");
  if (entriesIn(text, layout, agent.id).length === 0) {
    if (record) writeRecord(file, undefined);
    return { ...result, change: "unchanged" };
  }
  const next = removeEntries(text, layout, agent.id);
  // A file connect made, now holding nothing but its skeleton, goes.
  const empty = JSON.stringify(settingsValue(next)) === JSON.stringify(agent.skeleton ?? {});
  if (record?.created && empty) rmSync(file);
  else writeAtomically(file, next, statSync(file).mode & 0o777);
  writeRecord(file, undefined);
  return { ...result, change: record?.created && empty ? "removed" : "edited" };
}
