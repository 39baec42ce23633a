// `pnpm conformance:record:gemini [case-id…]`: runs cases in the real Gemini CLI and writes recorded/gemini-cli.json.
import { writeFileSync } from "node:fs";
import { cases } from "../cases/index.js";
import { geminiCliVersion, runInGemini } from "./gemini-run.js";
import type { Observation } from "./observe.js";
import { mapLimit } from "./pool.js";
import { RECORD_FILE, type RecordFile, readRecord } from "./record-file.js";

const only = process.argv.slice(2);
const unknown = only.filter((id) => !cases.some((c) => c.id === id));
if (unknown.length > 0) throw new Error(`No such case: ${unknown.join(", ")}`);
const selected = only.length > 0 ? cases.filter((c) => only.includes(c.id)) : cases;
const version = geminiCliVersion();
const previous = readRecord();
// A partial run adds to a record of the same Gemini CLI; a new version is recorded whole.
if (only.length > 0 && previous?.geminiCli !== version) {
  throw new Error(
    `The record is of Gemini CLI ${previous?.geminiCli ?? "(none)"}, this is ${version}: record every case.`,
  );
}

// Two at a time: the machine is shared, and each run is a large Node process (which relaunches itself).
const limit = Number(process.env.CONFORMANCE_JOBS ?? 2);
const started = Date.now();
const observations = await mapLimit(selected, limit, async (testCase) => {
  const run = await runInGemini(testCase);
  if (run.observation.requests === 0 && process.env.CONFORMANCE_VERBOSE) {
    process.stdout.write(`    (no model request; exit ${run.code})\n${run.stderr}\n`);
  }
  process.stdout.write(`  ✓ ${testCase.id} (exit ${run.code}, ${run.observation.requests} request(s))\n`);
  return [testCase.id, run.observation] as const;
});
const merged = { ...(only.length > 0 ? previous?.cases : {}), ...Object.fromEntries(observations) };
const record: RecordFile = {
  note: "Written by `pnpm conformance:record:gemini`; never edit by hand.",
  geminiCli: version,
  recordedAt: new Date().toISOString().slice(0, 10),
  platform: `${process.platform}-${process.arch}`,
  // In case order, without cases that no longer exist.
  cases: Object.fromEntries(
    cases.filter((c) => c.id in merged).map((c) => [c.id, merged[c.id] as Observation]),
  ),
};
writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
process.stdout.write(
  `${selected.length} case(s) recorded in ${((Date.now() - started) / 1000).toFixed(0)} s with Gemini CLI ${version}\n`,
);
