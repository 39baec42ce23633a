// `pnpm conformance:record [case-id…]`: runs cases in the real Claude Code and writes recorded/claude-code.json.
import { writeFileSync } from "node:fs";
import { cases } from "../cases/index.js";
import { claudeCodeVersion, runInClaudeCode } from "./claude-run.js";
import type { Observation } from "./observe.js";
import { mapLimit } from "./pool.js";
import { RECORD_FILE, type RecordFile, readRecord } from "./record-file.js";

const only = process.argv.slice(2);
const unknown = only.filter((id) => !cases.some((c) => c.id === id));
if (unknown.length > 0) throw new Error(`No such case: ${unknown.join(", ")}`);
const selected = only.length > 0 ? cases.filter((c) => only.includes(c.id)) : cases;
const version = claudeCodeVersion();
const previous = readRecord();
// A partial run adds to a record of the same Claude Code; a new version is recorded whole.
if (only.length > 0 && previous?.claudeCode !== version) {
  throw new Error(
    `The record is of Claude Code ${previous?.claudeCode ?? "(none)"}, this is ${version}: record every case.`,
  );
}

// Two at a time: the machine is shared, and Claude Code is a large process.
const limit = Number(process.env.CONFORMANCE_JOBS ?? 2);
const started = Date.now();
const observations = await mapLimit(selected, limit, async (testCase) => {
  const observation = await runInClaudeCode(testCase);
  process.stdout.write(`  ✓ ${testCase.id}\n`);
  return [testCase.id, observation] as const;
});
const merged = { ...(only.length > 0 ? previous?.cases : {}), ...Object.fromEntries(observations) };
const record: RecordFile = {
  note: "Written by `pnpm conformance:record`; never edit by hand.",
  claudeCode: version,
  recordedAt: new Date().toISOString().slice(0, 10),
  platform: `${process.platform}-${process.arch}`,
  // In case order, without cases that no longer exist.
  cases: Object.fromEntries(
    cases.filter((c) => c.id in merged).map((c) => [c.id, merged[c.id] as Observation]),
  ),
};
writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
process.stdout.write(
  `${selected.length} case(s) recorded in ${((Date.now() - started) / 1000).toFixed(0)} s with Claude Code ${version}\n`,
);
