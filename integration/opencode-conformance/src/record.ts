// `pnpm --filter @hookwire/opencode-conformance record [case-id…]`: runs cases in the real opencode, writes recorded/opencode.json.
import { writeFileSync } from "node:fs";
import { cases } from "../cases/index.js";
import type { Observation } from "./observe.js";
import { OPENCODE_VERSION, opencodeVersion, runInOpencode } from "./opencode-run.js";
import { mapLimit } from "./pool.js";
import { RECORD_FILE, type RecordFile, readRecord } from "./record-file.js";

const only = process.argv.slice(2);
const unknown = only.filter((id) => !cases.some((c) => c.id === id));
if (unknown.length > 0) throw new Error(`No such case: ${unknown.join(", ")}`);
const version = opencodeVersion();
if (version !== OPENCODE_VERSION)
  throw new Error(`Expected opencode ${OPENCODE_VERSION}, found ${version} (set OPENCODE_BIN).`);
const selected = only.length > 0 ? cases.filter((c) => only.includes(c.id)) : cases;
const previous = readRecord();

// Two at a time: the machine is shared, and each opencode run is a large process.
const started = Date.now();
const observations = await mapLimit(selected, Number(process.env.CONFORMANCE_JOBS ?? 2), async (testCase) => {
  const observation = await runInOpencode(testCase);
  process.stdout.write(`  ✓ ${testCase.id}\n`);
  return [testCase.id, observation] as const;
});
const merged = { ...(only.length > 0 ? previous?.cases : {}), ...Object.fromEntries(observations) };
const record: RecordFile = {
  note: "Written by the record script; never edit by hand.",
  opencode: version,
  recordedAt: new Date().toISOString().slice(0, 10),
  platform: `${process.platform}-${process.arch}`,
  cases: Object.fromEntries(
    cases.filter((c) => c.id in merged).map((c) => [c.id, merged[c.id] as Observation]),
  ),
};
writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
process.stdout.write(
  `${selected.length} case(s) recorded in ${((Date.now() - started) / 1000).toFixed(0)} s with opencode ${version}\n`,
);
