// What `hookwire connect` did to each file, kept in the user's state folder so `disconnect` can undo it exactly.

import path from "node:path";
import type { AgentId } from "@hookwire/settings-hooks/agents";
import { readPrivateJson, writePrivateJson } from "../private-file.js";
import { stateRoot } from "../state-root.js";

export interface ConnectionRecord {
  agent: AgentId;
  scope: "project" | "user" | "managed";
  /** The file did not exist before connect: disconnect removes it. */
  created: boolean;
  /** How many of the folders above the file connect created (the nearest first): disconnect removes them when empty. */
  folders?: number;
  /** The file's bytes before connect first changed it (base64); absent for one too large to keep. */
  original?: string;
  /** SHA-256 of the bytes connect last wrote: disconnect restores `original` only onto exactly those. */
  written: string;
  at: string;
}

interface RecordFile {
  version: 1;
  files: Record<string, ConnectionRecord>;
}

/** Records kept at most, the oldest dropped first; a file's original bytes kept up to this size. */
export const MAX_RECORDS = 256;
export const MAX_ORIGINAL_BYTES = 512 * 1024;
/** An agent's file is a few folders deep (`.pi/agent/settings.json`); a record claiming more is not used. */
const MAX_FOLDERS = 8;
const MAX_FILE_BYTES = MAX_RECORDS * (MAX_ORIGINAL_BYTES * 2) + 65_536;

/** `$XDG_STATE_HOME/hookwire/connections.json`, else `~/.local/state/hookwire/connections.json`. */
export function recordsFile(): string {
  return path.join(stateRoot(), "connections.json");
}

function isRecord(value: unknown): value is ConnectionRecord {
  const record = value as Partial<ConnectionRecord> | null;
  return (
    typeof record?.agent === "string" &&
    typeof record.written === "string" &&
    typeof record.created === "boolean" &&
    (record.folders === undefined ||
      (Number.isInteger(record.folders) && record.folders >= 0 && record.folders <= MAX_FOLDERS)) &&
    (record.original === undefined || typeof record.original === "string")
  );
}

/** Every record by absolute file path; an unreadable or foreign store is an error naming it. */
export function readRecords(file = recordsFile()): Record<string, ConnectionRecord> {
  const json = readPrivateJson(file, MAX_FILE_BYTES) as Partial<RecordFile> | undefined;
  const records: Record<string, ConnectionRecord> = {};
  for (const [key, value] of Object.entries(json?.files ?? {})) if (isRecord(value)) records[key] = value;
  return records;
}

/** Sets (or with `undefined`, removes) the record of `target`, keeping the store within its bounds. */
export function writeRecord(
  target: string,
  record: ConnectionRecord | undefined,
  file = recordsFile(),
): void {
  const records = readRecords(file);
  if (record) records[target] = record;
  else delete records[target];
  const kept = Object.entries(records)
    .sort(([, a], [, b]) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, MAX_RECORDS);
  writePrivateJson(file, { version: 1, files: Object.fromEntries(kept) } satisfies RecordFile);
}
