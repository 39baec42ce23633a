#!/usr/bin/env node
// GitHub Copilot CLI preToolUse guard: denies `rm -rf` in the bash tool (permissionDecision on stdout, exit 0).
import { readFileSync } from "node:fs";

/** Words that run the next word as the program (`sudo rm`, `xargs rm`), and `VAR=x` prefixes. */
const WRAPPERS = new Set(["sudo", "env", "command", "nohup", "time", "xargs", "exec"]);

/** `rm` with a recursive and a force flag in any spelling, as the program of any command of a chain. */
function isRmRf(command) {
  return command.split(/[;&|\n()]+/).some((part) => {
    const words = part.trim().split(/\s+/).filter(Boolean);
    let at = 0;
    while (
      at < words.length &&
      (WRAPPERS.has(words[at]) || /^\w+=/.test(words[at]) || words[at].startsWith("-"))
    )
      at++;
    if (!/(^|\/)rm$/.test(words[at] ?? "")) return false;
    const flags = words.slice(at + 1).filter((word) => word.startsWith("-"));
    const has = (short, long) => flags.some((f) => f === long || (/^-[^-]/.test(f) && short.test(f)));
    return has(/[rR]/, "--recursive") && has(/f/, "--force");
  });
}

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
