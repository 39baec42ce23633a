#!/usr/bin/env node
// Cursor beforeShellExecution guard: denies `rm -rf` (permission "deny", agent_message for the model).
import { readFileSync } from "node:fs";
import { isRmRf } from "../../scripts/rm-rf.mjs";

let input = {};
try {
  input = JSON.parse(readFileSync(0, "utf8") || "{}");
} catch {}
const denied = isRmRf(String(input.command ?? ""));
process.stdout.write(
  `${JSON.stringify(
    denied
      ? {
          permission: "deny",
          user_message: "Blocked rm -rf.",
          agent_message: "rm -rf is not allowed here; delete the files you mean by name.",
        }
      : { permission: "allow" },
  )}\n`,
);
