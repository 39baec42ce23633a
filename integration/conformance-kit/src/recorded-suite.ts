// A suite held against a recording of the real agent: what the kit needs to know of it, and its record store.
import { fileURLToPath } from "node:url";
import type { KitCase } from "./case.js";
import { type RecordStore, recordStore } from "./record-file.js";

/** A suite held against a recording of the real agent: the specifics the kit needs, as one object. */
export interface RecordedSuite<C extends KitCase, O> {
  /** The suite's name in the report (`claude-conformance`). */
  name: string;
  /** The agent's name in titles and messages (`Claude Code`). */
  agent: string;
  cases: readonly C[];
  /** Case id → why hookwire differs on purpose. */
  deliberate: Readonly<Record<string, string>>;
  runInHookwire(testCase: C): Promise<O>;
  /** Both observations in the compared terms (hook inputs as shape + key values, …). */
  compare(observation: O): unknown;
  record: {
    /** `recorded/<agent>.json`. */
    file: URL;
    /** The field the file names the agent's version by (`claudeCode`, `codex`, …). */
    versionKey: string;
    /** The command that records (`pnpm conformance:record:codex`). */
    command: string;
    /** The suite fails below this many cases (a guard against a case list that went missing). */
    minCases: number;
  };
}

/** The record store of a recorded suite. */
export function storeOf<O>(suite: RecordedSuite<KitCase, O>): RecordStore<O> {
  return recordStore<O>(fileURLToPath(suite.record.file), suite.record.versionKey);
}
