#!/usr/bin/env node
// PreToolUse validator for Bash: exit 2 with the reason on stderr blocks the call (Claude-Code protocol).
import { readFileSync } from "node:fs";

const RULES = [
  [
    /\bgit\s+push\b.*\s(--force|-f)\b/,
    "Force-pushing is not allowed here; push normally or open a pull request.",
  ],
  [
    /\b(curl|wget)\b[^|]*\|\s*(sudo\s+)?(sh|bash|zsh)\b/,
    "Piping a download into a shell is not allowed; download, read, then run it.",
  ],
  [/(^|[;&|]\s*)sudo\b/, "sudo is not allowed in this project."],
];

const input = JSON.parse(readFileSync(0, "utf8") || "{}");
const command = input.tool_name === "Bash" ? String(input.tool_input?.command ?? "") : "";
for (const [pattern, reason] of RULES) {
  if (pattern.test(command)) {
    process.stderr.write(`${reason}\n`);
    process.exit(2);
  }
}
process.exit(0);
