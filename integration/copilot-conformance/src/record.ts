// `pnpm conformance:record:copilot [case-id…]`: runs cases in the real Copilot CLI and writes recorded/copilot-cli.json.
import { writeFileSync } from "node:fs";
import { mapLimit } from "../../claude-conformance/src/pool.js";
import { cases } from "../cases/index.js";
import { copilotVersion, runInCopilot } from "./copilot-run.js";
import type { Observation } from "./observe.js";
import { RECORD_FILE, type RecordFile, readRecord } from "./record-file.js";

const only = process.argv.slice(2);
const unknown = only.filter((id) => !cases.some((c) => c.id === id));
if (unknown.length > 0) throw new Error(`No such case: ${unknown.join(", ")}`);
const selected = only.length > 0 ? cases.filter((c) => only.includes(c.id)) : cases;
const version = copilotVersion();
const previous = readRecord();
// A partial run adds to a record of the same Copilot CLI; a new version is recorded whole.
if (only.length > 0 && previous?.copilotCli !== version) {
  throw new Error(
    `The record is of Copilot CLI ${previous?.copilotCli ?? "(none)"}, this is ${version}: record every case.`,
  );
}

// Two at a time: the machine is shared, and each run unpacks the CLI into its fresh HOME.
const limit = Number(process.env.CONFORMANCE_JOBS ?? 2);
const started = Date.now();
const observations = await mapLimit(selected, limit, async (testCase) => {
  const observation = await runInCopilot(testCase);
  process.stdout.write(`  ✓ ${testCase.id}\n`);
  return [testCase.id, observation] as const;
});
const merged = { ...(only.length > 0 ? previous?.cases : {}), ...Object.fromEntries(observations) };
const record: RecordFile = {
  note: "Written by `pnpm conformance:record:copilot`; never edit by hand.",
  copilotCli: version,
  recordedAt: new Date().toISOString().slice(0, 10),
  platform: `${process.platform}-${process.arch}`,
  // In case order, without cases that no longer exist.
  cases: Object.fromEntries(
    cases.filter((c) => c.id in merged).map((c) => [c.id, merged[c.id] as Observation]),
  ),
};
writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
process.stdout.write(
  `${selected.length} case(s) recorded in ${((Date.now() - started) / 1000).toFixed(0)} s with Copilot CLI ${version}\n`,
);
