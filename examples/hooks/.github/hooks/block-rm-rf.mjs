#!/usr/bin/env node
// GitHub Copilot CLI preToolUse guard: denies `rm -rf` in the bash tool (permissionDecision on stdout, exit 0).
import { readFileSync } from "node:fs";
import { isRmRf } from "../../scripts/rm-rf.mjs";

// Never crash on odd input: a Copilot preToolUse hook that errors denies the call (fail-closed).
let input = {};
try {
  input = JSON.parse(readFileSync(0, "utf8") || "{}");
} catch {}
const command = input.toolName === "bash" ? String(input.toolArgs?.command ?? "") : "";
if (isRmRf(command)) {
  process.stdout.write(
    `${JSON.stringify({
      permissionDecision: "deny",
      permissionDecisionReason: "rm -rf is not allowed here; delete the files you mean by name.",
    })}\n`,
  );
}
