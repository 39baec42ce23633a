// The decision log: one JSON line per event an agent handed hookwire (who, what, what was decided, how long),
// in the user's state folder, bounded by size and rotated; `hookwire log` reads it back.
import { appendFileSync, closeSync, openSync, readSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import { ensurePrivateDir } from "../private-file.js";
import { stateRoot } from "../state-root.js";

/** What hookwire decided for one event, as the log keeps it. */
export type DecisionKind =
  | "block"
  | "ask"
  | "allow"
  | "rewrite"
  | "continue"
  | "untrusted"
  | "error"
  | "none";

export interface Decision {
  /** ISO time the event arrived. */
  time: string;
  agent: string;
  session: string;
  /** The agent's event name (`PreToolUse`, `preToolUse`, …) and hookwire's native one. */
  event: string;
  native: string;
  /** The project root the event ran in. */
  project: string;
  /** The tool the event is about, when it is a tool event. */
  tool?: string;
  /** The hook that decided (its path), when one did. */
  hook?: string;
  decision: DecisionKind;
  reason?: string;
  durationMs: number;
}

/** Bounds: one file up to `maxBytes`, then `.1` … `.<rotations>` (the oldest dropped). Reasons are cut to `reasonChars`. */
export const LOG_LIMITS = { maxBytes: 10 * 1024 * 1024, rotations: 3, reasonChars: 2000 } as const;

/** `<state folder>/decisions.jsonl`. */
export function decisionLogFile(): string {
  return path.join(stateRoot(), "decisions.jsonl");
}

/** Appends `decision`; past the size bound the file is rotated first. A log that cannot be written is skipped. */
export function appendDecision(
  decision: Decision,
  file = decisionLogFile(),
  limits: { maxBytes: number; rotations: number } = LOG_LIMITS,
): void {
  const reason =
    decision.reason && decision.reason.length > LOG_LIMITS.reasonChars
      ? `${decision.reason.slice(0, LOG_LIMITS.reasonChars)}…`
      : decision.reason;
  const line = `${JSON.stringify({ ...decision, ...(reason ? { reason } : {}) })}\n`;
  try {
    const size = statSync(file, { throwIfNoEntry: false })?.size;
    if (size === undefined) ensurePrivateDir(path.dirname(file));
    else if (size + Buffer.byteLength(line) > limits.maxBytes) rotate(file, limits.rotations);
    appendFileSync(file, line, { mode: 0o600 });
  } catch {
    // The log is a record, not a gate: a full disk or a foreign file never changes an answer.
  }
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
