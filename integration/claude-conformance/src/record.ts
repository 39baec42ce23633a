// `pnpm conformance:record [case-id…]`: runs cases in the real Claude Code and writes recorded/claude-code.json.
import { recordCases } from "@hookwire/conformance-kit";
import { cases } from "../cases/index.js";
import { claudeCodeVersion, runInClaudeCode } from "./claude-run.js";
import { store } from "./suite.js";

await recordCases({
  agent: "Claude Code",
  command: "pnpm conformance:record",
  cases,
  store,
  version: claudeCodeVersion,
  run: runInClaudeCode,
});
