// `pnpm conformance:record [case-id…]`: runs cases in the real Claude Code and writes recorded/claude-code.json.
import { recordCases } from "@hookwire/conformance-kit";
import { claudeCodeVersion, runInClaudeCode } from "./claude-run.js";
import { claude } from "./suite.js";

await recordCases(claude, {
  version: claudeCodeVersion,
  run: runInClaudeCode,
});
