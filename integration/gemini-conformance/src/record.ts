// `pnpm conformance:record:gemini [case-id…]`: runs cases in the real Gemini CLI and writes recorded/gemini-cli.json.
import { recordCases } from "@hookwire/conformance-kit";
import { geminiCliVersion, runInGemini } from "./gemini-run.js";
import { gemini } from "./suite.js";

await recordCases(gemini, {
  version: geminiCliVersion,
  run: async (testCase) => {
    const run = await runInGemini(testCase);
    const requests = run.observation.requests;
    if (requests === 0 && process.env.CONFORMANCE_VERBOSE) process.stdout.write(`${run.stderr}\n`);
    process.stdout.write(`    ${testCase.id}: exit ${run.code}, ${requests} request(s)\n`);
    return run.observation;
  },
});
