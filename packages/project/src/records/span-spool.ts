// Decisions waiting for the server to export them as spans: a call answered outside the server (the first of a
// session, or one the server could not take) appends its decision here instead of loading the OpenTelemetry SDK
// (~330 ms a call); the server sends what it finds at start and after each call. Bounded; private to the user.
import { appendFileSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { defaultStateRoot, ensurePrivateDir } from "@hookwire/trust/private-files";
import { parseLines } from "./decision-log.js";
import type { Decision } from "./record.js";

/** Past this the spool takes no more (the decision log still has every decision). */
export const SPOOL_MAX_BYTES = 4 * 1024 * 1024;

export const spoolFile = (): string => path.join(defaultStateRoot(), "spans.jsonl");

export function spoolDecision(decision: Decision, file = spoolFile()): void {
  try {
    if (!ensurePrivateDir(path.dirname(file))) return;
    let size = 0;
    try {
      size = statSync(file).size;
    } catch {}
    if (size > SPOOL_MAX_BYTES) return;
    appendFileSync(file, `${JSON.stringify(decision)}\n`, { mode: 0o600 });
  } catch {
    // Telemetry is best effort: the decision log keeps the decision.
  }
}

/** Takes the spool whole (renamed away first, so an append that comes meanwhile starts a new one). */
export function drainSpool(file = spoolFile()): Decision[] {
  const taken = `${file}.${process.pid}.draining`;
  try {
    renameSync(file, taken);
  } catch {
    return [];
  }
  try {
    return parseLines(readFileSync(taken, "utf8"));
  } finally {
    rmSync(taken, { force: true });
  }
}
