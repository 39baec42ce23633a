// `pnpm conformance:record:copilot [case-id…]`: runs cases in the real Copilot CLI and writes recorded/copilot-cli.json.
import { recordCases } from "@hookwire/conformance-kit";
import { cases } from "../cases/index.js";
import { copilotVersion, runInCopilot } from "./copilot-run.js";
import { store } from "./suite.js";

await recordCases({
  agent: "Copilot CLI",
  command: "pnpm conformance:record:copilot",
  cases,
  store,
  version: copilotVersion,
  run: runInCopilot,
});
