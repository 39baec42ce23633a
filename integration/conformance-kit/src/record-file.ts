// The recorded-outcome file of a suite (`recorded/<agent>.json`): where it lives, its shape, reading and writing.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** A suite's record as the kit reads it; on disk the version sits under the suite's own key (`codex`, …). */
export interface Recorded<O> {
  note: string;
  /** The agent's version the cases were recorded with. */
  version: string;
  /** `YYYY-MM-DD` of the last recording. */
  recordedAt: string;
  platform: string;
  /** By case id, in case order. */
  cases: Record<string, O>;
}

export interface RecordStore<O> {
  file: string;
  read(): Recorded<O> | undefined;
  write(record: Recorded<O>): void;
}

/** `versionKey` is the field the file names the agent's version by (`claudeCode`, `codex`, `geminiCli`, …). */
export function recordStore<O>(file: string, versionKey: string): RecordStore<O> {
  return {
    file,
    read() {
      if (!existsSync(file)) return undefined;
      const json = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      const { note, recordedAt, platform, cases } = json as Omit<Recorded<O>, "version">;
      return { note, version: String(json[versionKey]), recordedAt, platform, cases };
    },
    write({ note, version, recordedAt, platform, cases }) {
      const json = { note, [versionKey]: version, recordedAt, platform, cases };
      writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
    },
  };
}
