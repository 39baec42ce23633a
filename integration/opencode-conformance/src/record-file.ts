// The committed record of what opencode did: where it lives and its shape.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Observation } from "./observe.js";

export const RECORD_FILE = fileURLToPath(new URL("../recorded/opencode.json", import.meta.url));

export interface RecordFile {
  note: string;
  opencode: string;
  /** `YYYY-MM-DD` of the last recording. */
  recordedAt: string;
  platform: string;
  cases: Record<string, Observation>;
}

export function readRecord(): RecordFile | undefined {
  return existsSync(RECORD_FILE) ? JSON.parse(readFileSync(RECORD_FILE, "utf8")) : undefined;
}
