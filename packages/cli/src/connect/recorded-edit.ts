// connect's write of an agent's file and disconnect's undo of it, with the record that makes the undo exact:
// the same for every agent, whatever its file holds (hook entries, a package in a list).

import { rmdirSync, rmSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { sha256 } from "@hookwire/core/internal";
import type { AgentId } from "@hookwire/settings-hooks/agents";
import { writeAtomically } from "./agent-file.js";
import { type ConnectionRecord, MAX_ORIGINAL_BYTES, readRecords, writeRecord } from "./records.js";

export interface RecordedWrite {
  agent: AgentId;
  scope: "project" | "user" | "managed";
  /** The bytes before (`undefined`: no file) and the text connect writes. */
  before: Buffer | undefined;
  next: string;
  /** The bytes before already held hookwire's entries: they are not the user's own to restore. */
  ownBefore: boolean;
}

/** Writes `next` over `file`, creating its folders, and records what disconnect needs to undo it. */
export async function writeRecorded(file: string, write: RecordedWrite): Promise<void> {
  const folder = path.dirname(file);
  const first = await mkdir(folder, { recursive: true });
  writeAtomically(file, write.next, write.before ? statSync(file).mode & 0o777 : undefined);

  const previous = readRecords()[file];
  // Connected again over its own write: the first connect's original and created folders still hold.
  const continues = previous !== undefined && previous.written === sha256(write.before ?? "");
  const record: ConnectionRecord = {
    agent: write.agent,
    scope: write.scope,
    created: continues ? previous.created : write.before === undefined,
    written: sha256(write.next),
    at: new Date().toISOString(),
  };
  const folders = continues ? (previous.folders ?? 0) : createdFolders(first, folder);
  if (folders > 0) record.folders = folders;
  if (continues) {
    if (previous.original !== undefined) record.original = previous.original;
  } else if (write.before && write.before.length <= MAX_ORIGINAL_BYTES && !write.ownBefore) {
    record.original = write.before.toString("base64");
  }
  writeRecord(file, record);
}

/** How many of `folder` and the folders above it `mkdir` made, `first` being the topmost it made. */
function createdFolders(first: string | undefined, folder: string): number {
  if (first === undefined) return 0;
  return path.relative(first, folder).split(path.sep).filter(Boolean).length + 1;
}

/** What hookwire's part of an agent's file is, for the undo. */
export interface RecordedUndo {
  agent: AgentId;
  /** The file's bytes now (`undefined`: no file). */
  before: Buffer | undefined;
  /** The text holds hookwire's entries. */
  owns(text: string): boolean;
  /** The text without them. */
  remove(text: string): string;
  /** The text holds nothing but what a file connect created starts with. */
  bare(text: string): boolean;
}

export interface UndoResult {
  /** `removed`: the file connect made is gone; `restored`: the file is byte for byte as before; `edited`: only hookwire's entries were taken out (the file changed since). */
  change: "removed" | "restored" | "edited" | "unchanged";
  /** The folders connect had created for the file, removed because they were left empty (deepest first). */
  folders: string[];
}

/** Undoes connect's write of `file`: exactly the bytes before when the file is as connect left it. */
export function undoRecorded(file: string, undo: RecordedUndo): UndoResult {
  const record = readRecords()[file];
  const done = (change: UndoResult["change"]): UndoResult => {
    if (record) writeRecord(file, undefined);
    const gone = change === "removed" || (change === "unchanged" && undo.before === undefined);
    return { change, folders: gone ? removeEmptyFolders(file, record?.folders ?? 0) : [] };
  };
  if (undo.before === undefined) return done("unchanged");
  // Untouched since connect wrote it: exactly what was there before comes back.
  if (record?.agent === undo.agent && record.written === sha256(undo.before)) {
    if (record.created) {
      rmSync(file);
      return done("removed");
    }
    if (record.original !== undefined) {
      const original = Buffer.from(record.original, "base64").toString("utf8");
      writeAtomically(file, original, statSync(file).mode & 0o777);
      return done("restored");
    }
  }
  const text = undo.before.toString("utf8");
  if (!undo.owns(text)) return done("unchanged");
  const next = undo.remove(text);
  // A file connect made, now holding nothing but its skeleton, goes.
  if (record?.created && undo.bare(next)) {
    rmSync(file);
    return done("removed");
  }
  writeAtomically(file, next, statSync(file).mode & 0o777);
  return done("edited");
}

/**
 * The `count` folders above `file` that connect created, each removed only while it is empty: a folder the user
 * had is never among them, and one the user has since put something in stays.
 */
function removeEmptyFolders(file: string, count: number): string[] {
  const removed: string[] = [];
  let folder = path.dirname(file);
  for (let index = 0; index < count; index++) {
    try {
      rmdirSync(folder);
    } catch {
      break;
    }
    removed.push(folder);
    folder = path.dirname(folder);
  }
  return removed;
}
