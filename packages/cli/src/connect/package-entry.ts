// connect / disconnect for the in-process agents (pi, opencode): hookwire's package in a list of their settings.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type PackageAgentId, packageAgent } from "@hookwire/settings-hooks/agents";
import { readExisting, unlinkedFile } from "./agent-file.js";
import { checkAsAgent } from "./agent-json.js";
import type { ConnectResult, DisconnectResult } from "./connect.js";
import { addListItem, listItemsIn, removeListItems, settingsValue } from "./edit.js";
import { undoRecorded, writeRecorded } from "./recorded-edit.js";

export interface PackageConnectOptions {
  agent: PackageAgentId;
  root: string;
  scope: "project" | "user";
  /** The item connect adds: the installed package's folder, or the published name (`agent.item`, the default). */
  item?: string;
}

/** The agent's settings file for the scope: the first candidate that exists, else the last (the plain one). */
export function packageTarget(options: PackageConnectOptions): string {
  const agent = packageAgent(options.agent);
  const base = options.scope === "user" ? os.homedir() : options.root;
  const files = options.scope === "user" ? agent.user.files : agent.project.files;
  const found = files.find((file) => existsSync(path.join(base, file))) ?? files.at(-1);
  return unlinkedFile(base, found as string);
}

export async function connectPackage(options: PackageConnectOptions): Promise<ConnectResult> {
  const agent = packageAgent(options.agent);
  const file = packageTarget(options);
  const before = readExisting(file);
  const text = before?.toString("utf8");
  const result = { agent: agent.id, scope: options.scope, file, events: [] };
  if (text !== undefined) checkAsAgent(text, file, agent);
  const own = text === undefined ? [] : listItemsIn(text, agent.list, agent.isOwn);
  const item = options.item ?? agent.item;
  if (own.length === 1 && own[0] === item) return { ...result, change: "unchanged" };

  const start = text ?? "{}\n";
  const next = addListItem(removeListItems(start, agent.list, agent.isOwn), agent.list, item);
  await writeRecorded(file, {
    agent: agent.id,
    scope: options.scope,
    before,
    next,
    ownBefore: own.length > 0,
  });
  // Read back as the agent reads it: hookwire's item, once.
  const back = readExisting(file)?.toString("utf8") ?? "";
  checkAsAgent(back, file, agent);
  const items = listItemsIn(back, agent.list, agent.isOwn);
  if (items.length !== 1 || items[0] !== item)
    throw new Error(`${file} does not list ${item} as ${agent.label} reads it after connect wrote it.`);
  return { ...result, change: before === undefined ? "created" : "updated" };
}

export async function disconnectPackage(options: PackageConnectOptions): Promise<DisconnectResult> {
  const agent = packageAgent(options.agent);
  const file = packageTarget(options);
  const undone = undoRecorded(file, {
    agent: agent.id,
    before: readExisting(file),
    owns: (text) => listItemsIn(text, agent.list, agent.isOwn).length > 0,
    remove: (text) => removeListItems(text, agent.list, agent.isOwn),
    bare: (text) => JSON.stringify(settingsValue(text)) === "{}",
  });
  return { agent: agent.id, file, ...undone };
}
