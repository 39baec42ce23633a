#!/usr/bin/env node
// PostToolUse formatter: strips trailing whitespace and ensures a final newline in the file just written.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const input = JSON.parse(readFileSync(0, "utf8") || "{}");
const file = input.tool_input?.file_path;
if (typeof file !== "string") process.exit(0);
const target = path.resolve(input.cwd ?? process.cwd(), file);
// The tool may have failed or been a stand-in: nothing on disk means nothing to format.
if (!existsSync(target)) process.exit(0);
const before = readFileSync(target, "utf8");
const after = `${before.replace(/[ \t]+$/gm, "").replace(/\n*$/, "")}\n`;
if (after === before) process.exit(0);
writeFileSync(target, after);
process.stdout.write(
  JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PostToolUse",
      additionalContext: `formatted ${path.relative(input.cwd ?? process.cwd(), target)} (trailing whitespace removed)`,
    },
  }),
);
