// `pnpm conformance:record:codex [case-id…]`: runs cases in the real Codex and writes recorded/codex.json.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { recordCases } from "@hookwire/conformance-kit";
import { codexVersion, runInCodex } from "./codex-run.js";
import { codex } from "./suite.js";

// CODEX_CONFORMANCE_RUNS=<dir> keeps each run's stdout, stderr and requests there, for reading what Codex did.
const runs = process.env.CODEX_CONFORMANCE_RUNS;

await recordCases(codex, {
  version: codexVersion,
  run: (testCase) =>
    runInCodex(testCase, (run) => {
      if (!runs) return;
      mkdirSync(runs, { recursive: true });
      writeFileSync(path.join(runs, `${testCase.id}.json`), JSON.stringify(run, null, 2));
    }),
});
