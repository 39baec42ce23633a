// The decision log: one JSON line per event an agent handed hookwire (who, what, what was decided, how long),
// in the user's state folder, bounded by size and rotated; `hookwire log` reads it back.
import { appendFileSync, closeSync, openSync, readSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import { defaultStateRoot, ensurePrivateDir } from "@hookwire/trust/private-files";
import type { Decision } from "./record.js";

/** Bounds: one file up to `maxBytes`, then `.1` … `.<rotations>` (the oldest dropped). */
export const LOG_LIMITS = { maxBytes: 10 * 1024 * 1024, rotations: 3 } as const;

let resolved: { env: string; file: string } | undefined;

/** `<state folder>/decisions.jsonl` (resolved again only when the variables it comes from change). */
export function decisionLogFile(): string {
  const env = `${process.env.XDG_STATE_HOME}\0${process.env.HOME}`;
  if (resolved?.env !== env) resolved = { env, file: path.join(defaultStateRoot(), "decisions.jsonl") };
  return resolved.file;
}

interface Pending {
  lines: string[];
  limits: { maxBytes: number; rotations: number };
  timer?: NodeJS.Timeout;
}

/** Lines not yet written, by file: a busy server writes them in one append every few milliseconds. */
const pending = new Map<string, Pending>();

/** How long a decision waits for others to be written with it. */
const BATCH_MS = 20;

/**
 * Appends `decision` (as write-record.ts made it: redacted and bounded) within `BATCH_MS`, or at `flushDecisions`;
 * past the size bound the file is rotated first. A log that cannot be written is skipped.
 */
export function appendDecision(
  decision: Decision,
  file = decisionLogFile(),
  limits: { maxBytes: number; rotations: number } = LOG_LIMITS,
): void {
  const line = `${JSON.stringify(decision)}\n`;
  let batch = pending.get(file);
  if (!batch) {
    batch = { lines: [], limits };
    pending.set(file, batch);
  }
  batch.lines.push(line);
  batch.timer ??= setTimeout(() => flushDecisions(), BATCH_MS).unref();
}

/** Writes every pending decision now (a process before it exits). */
export function flushDecisions(): void {
  for (const [file, batch] of pending) {
    pending.delete(file);
    if (batch.timer) clearTimeout(batch.timer);
    try {
      writeLines(file, batch.lines, batch.limits);
    } catch {
      // The log is a record, not a gate: a full disk or a foreign file never changes an answer.
    }
  }
}

function writeLines(
  file: string,
  lines: readonly string[],
  limits: { maxBytes: number; rotations: number },
): void {
  let size = statSync(file, { throwIfNoEntry: false })?.size;
  if (size === undefined) {
    // A folder someone else could change gets no record (they could read or plant lines there).
    if (!ensurePrivateDir(path.dirname(file))) return;
    size = 0;
  }
  // The chunk's size is counted as it grows: measuring the joined text at each line made a flush quadratic.
  let chunk = "";
  let chunkBytes = 0;
  for (const line of lines) {
    const bytes = Buffer.byteLength(line);
    if (size + chunkBytes + bytes > limits.maxBytes && size + chunkBytes > 0) {
      if (chunk) appendFileSync(file, chunk, { mode: 0o600 });
      rotate(file, limits.rotations);
      size = 0;
      chunk = "";
      chunkBytes = 0;
    }
    chunk += line;
    chunkBytes += bytes;
  }
  if (chunk) appendFileSync(file, chunk, { mode: 0o600 });
}

function rotate(file: string, rotations: number): void {
  for (let index = rotations - 1; index >= 1; index--) {
    try {
      renameSync(`${file}.${index}`, `${file}.${index + 1}`);
    } catch {}
  }
  renameSync(file, `${file}.1`);
}

/** Every decision in the log and its rotations, oldest first; lines that are not decisions are skipped. */
export function readDecisions(
  file = decisionLogFile(),
  rotations: number = LOG_LIMITS.rotations,
): Decision[] {
  const files = [...Array.from({ length: rotations }, (_, i) => `${file}.${rotations - i}`), file];
  return files.flatMap((name) => parseLines(readText(name)));
}

/** The text of `file` from `offset` on (`""` when it is missing). */
export function readText(file: string, offset = 0): string {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return "";
  }
  try {
    const size = statSync(file).size;
    if (size <= offset) return "";
    const buffer = Buffer.alloc(Math.min(size - offset, LOG_LIMITS.maxBytes * 2));
    const read = readSync(fd, buffer, 0, buffer.length, offset);
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

export function parseLines(text: string): Decision[] {
  const out: Decision[] = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    try {
      const value = JSON.parse(line) as Decision;
      if (typeof value?.time === "string" && typeof value.decision === "string") out.push(value);
    } catch {}
  }
  return out;
}
