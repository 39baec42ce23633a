// `pnpm conformance:record:codex [case-id…]`: runs cases in the real Codex and writes recorded/codex.json.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { recordCases } from "@hookwire/conformance-kit";
import { cases } from "../cases/index.js";
import { codexVersion, runInCodex } from "./codex-run.js";
import { store } from "./suite.js";

// CODEX_CONFORMANCE_RUNS=<dir> keeps each run's stdout, stderr and requests there, for reading what Codex did.
const runs = process.env.CODEX_CONFORMANCE_RUNS;

await recordCases({
  agent: "Codex",
  command: "pnpm conformance:record:codex",
  cases,
  store,
  version: codexVersion,
  run: (testCase) =>
    runInCodex(testCase, (run) => {
      if (!runs) return;
      mkdirSync(runs, { recursive: true });
      writeFileSync(path.join(runs, `${testCase.id}.json`), JSON.stringify(run, null, 2));
    }),
});
