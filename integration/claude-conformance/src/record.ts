// `pnpm conformance:record`: runs every case in the real Claude Code and writes recorded/claude-code.json.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cases } from "../cases/index.js";
import { claudeCodeVersion, runInClaudeCode } from "./claude-run.js";
import type { Observation } from "./observe.js";
import { mapLimit } from "./pool.js";

export const RECORD_FILE = fileURLToPath(new URL("../recorded/claude-code.json", import.meta.url));

const only = process.argv.slice(2);
const selected = only.length > 0 ? cases.filter((c) => only.includes(c.id)) : cases;
// Two at a time: the machine is shared, and Claude Code is a large process.
const limit = Number(process.env.CONFORMANCE_JOBS ?? 2);
const started = Date.now();
const observations = await mapLimit(selected, limit, async (testCase) => {
  const observation = await runInClaudeCode(testCase);
  process.stdout.write(`  ✓ ${testCase.id}\n`);
  return [testCase.id, observation] as const;
});
const record = {
  note: "Written by `pnpm conformance:record`; never edit by hand.",
  claudeCode: claudeCodeVersion(),
  recordedAt: new Date().toISOString().slice(0, 10),
  platform: `${process.platform}-${process.arch}`,
  cases: Object.fromEntries(observations) as Record<string, Observation>,
};
if (only.length > 0) {
  process.stdout.write(JSON.stringify(record.cases, null, 2));
  process.stdout.write("\n(partial run: the record file was not written)\n");
} else {
  writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
  process.stdout.write(
    `${selected.length} cases recorded in ${((Date.now() - started) / 1000).toFixed(0)} s with Claude Code ${record.claudeCode}\n`,
  );
}
