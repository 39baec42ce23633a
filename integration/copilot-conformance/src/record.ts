// `pnpm conformance:record:copilot [case-id…]`: runs cases in the real Copilot CLI and writes recorded/copilot-cli.json.
import { recordCases } from "@hookwire/conformance-kit";
import { copilotVersion, runInCopilot } from "./copilot-run.js";
import { copilot } from "./suite.js";

await recordCases(copilot, {
  version: copilotVersion,
  run: runInCopilot,
});
