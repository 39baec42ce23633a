// connect / disconnect for the in-process agents (pi, opencode): hookwire's package in a list of their settings.
import { existsSync, rmSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PACKAGE_AGENTS, type PackageAgentId } from "./agents.js";
import type { ConnectResult, DisconnectResult } from "./connect.js";
import { readExisting, unlinkedFile, writeAtomically } from "./connect.js";
import { addListItem, listItemsIn, removeListItems, settingsValue } from "./edit.js";
import { type ConnectionRecord, MAX_ORIGINAL_BYTES, readRecords, sha256, writeRecord } from "./records.js";

export interface PackageConnectOptions {
  agent: PackageAgentId;
  root: string;
  scope: "project" | "user";
}

/** The agent's settings file for the scope: the first candidate that exists, else the last (the plain one). */
export function packageTarget(options: PackageConnectOptions): string {
  const agent = PACKAGE_AGENTS[options.agent];
  const base = options.scope === "user" ? os.homedir() : options.root;
  const files = options.scope === "user" ? agent.user.files : agent.project.files;
  const found = files.find((file) => existsSync(path.join(base, file))) ?? files.at(-1);
  return unlinkedFile(base, found as string);
}

export async function connectPackage(options: PackageConnectOptions): Promise<ConnectResult> {
  const agent = PACKAGE_AGENTS[options.agent];
  const file = packageTarget(options);
  const before = readExisting(file);
  const text = before?.toString("utf8");
  const result = { agent: agent.id, scope: options.scope, file, events: [] };
  const own = text === undefined ? [] : listItemsIn(text, agent.list, agent.isOwn);
  if (own.length === 1 && own[0] === agent.item) return { ...result, change: "unchanged" };

  const start = text ?? "{}\n";
  const next = addListItem(removeListItems(start, agent.list, agent.isOwn), agent.list, agent.item);
  await mkdir(path.dirname(file), { recursive: true });
  writeAtomically(file, next, before ? statSync(file).mode & 0o777 : undefined);

  const previous = readRecords()[file];
  const continues = previous !== undefined && previous.written === sha256(before ?? "");
  const record: ConnectionRecord = {
    agent: agent.id,
    scope: options.scope,
    created: continues ? previous.created : before === undefined,
    written: sha256(next),
    at: new Date().toISOString(),
  };
  if (continues) {
    if (previous.original !== undefined) record.original = previous.original;
  } else if (before && before.length <= MAX_ORIGINAL_BYTES && own.length === 0) {
    record.original = before.toString("base64");
  }
  writeRecord(file, record);
  return { ...result, change: before === undefined ? "created" : "updated" };
}

export async function disconnectPackage(options: PackageConnectOptions): Promise<DisconnectResult> {
  const agent = PACKAGE_AGENTS[options.agent];
  const file = packageTarget(options);
  const before = readExisting(file);
  const record = readRecords()[file];
  const result = { agent: agent.id, file };
  if (before === undefined) {
    if (record) writeRecord(file, undefined);
    return { ...result, change: "unchanged" };
  }
  // Untouched since connect wrote it: exactly what was there before comes back.
  if (record?.agent === agent.id && record.written === sha256(before)) {
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
  if (listItemsIn(text, agent.list, agent.isOwn).length === 0) {
    if (record) writeRecord(file, undefined);
    return { ...result, change: "unchanged" };
  }
  const next = removeListItems(text, agent.list, agent.isOwn);
  const empty = JSON.stringify(settingsValue(next)) === "{}";
  if (record?.created && empty) rmSync(file);
  else writeAtomically(file, next, statSync(file).mode & 0o777);
  writeRecord(file, undefined);
  return { ...result, change: record?.created && empty ? "removed" : "edited" };
}
