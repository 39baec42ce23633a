// `hookwire doctor` reads a command as the loader does, with the bash grammar: every script of a chain, a
// `bash -c` string and a `cd`, each checked in the folder it runs in.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

async function withCommands(commands: string[]) {
  const box = sandbox("basic");
  const bin = path.join(box.cwd, ".claude", "bin");
  mkdirSync(path.join(box.cwd, "sub"), { recursive: true });
  for (const file of [path.join(bin, "ok.sh"), path.join(box.cwd, "sub", "here.sh")]) {
    writeFileSync(file, "#!/bin/sh\nexit 0\n");
    chmodSync(file, 0o755);
  }
  const hooks = commands.map((command) => ({ type: "command", command }));
  writeFileSync(
    path.join(box.cwd, ".claude", "settings.json"),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } }),
  );
  await box.run(["trust", "--yes"]);
  return box;
}

describe("hookwire doctor reads commands with the bash grammar", () => {
  it("checks every script a chain, a bash -c string and a subshell run, not only the first word", async () => {
    const box = await withCommands([
      '"$CLAUDE_PROJECT_DIR"/.claude/bin/ok.sh && ./.claude/bin/gone.sh',
      "bash -c './.claude/bin/also-gone.sh --flag'",
      "(node ./scripts/missing.mjs) || true",
    ]);
    const out = await box.run(["doctor"]);
    expect(out.code).toBe(2);
    expect(out.stdout).toMatchInlineSnapshot(`
      "hookwire doctor: <cwd>
      ✖ .claude/settings.json#hooks.PreToolUse[0].hooks[0]: runs .claude/bin/gone.sh, which does not exist
          fix: fix the path (use $CLAUDE_PROJECT_DIR for project scripts) or add the script
      ✖ .claude/settings.json#hooks.PreToolUse[0].hooks[1]: runs .claude/bin/also-gone.sh, which does not exist
          fix: fix the path (use $CLAUDE_PROJECT_DIR for project scripts) or add the script
      ✖ .claude/settings.json#hooks.PreToolUse[0].hooks[2]: runs scripts/missing.mjs, which does not exist
          fix: fix the path (use $CLAUDE_PROJECT_DIR for project scripts) or add the script
      ✖ 2 hooks loaded, 3 settings handlers from 1 file; 3 errors, 0 warnings
      "
    `);
  });

  it("resolves a script after cd in the folder it runs in, and expands $CLAUDE_PROJECT_DIR unquoted too", async () => {
    const box = await withCommands([
      "cd sub && ./here.sh",
      "$CLAUDE_PROJECT_DIR/.claude/bin/ok.sh",
      "cd sub && ./gone.sh",
    ]);
    const out = await box.run(["doctor", "--json"]);
    expect(JSON.parse(out.stdout).findings).toMatchInlineSnapshot(`
      [
        {
          "fix": "fix the path (use $CLAUDE_PROJECT_DIR for project scripts) or add the script",
          "message": "runs sub/gone.sh, which does not exist",
          "severity": "error",
          "where": ".claude/settings.json#hooks.PreToolUse[0].hooks[2]",
        },
      ]
    `);
  });
});
