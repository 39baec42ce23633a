import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

/** The basic project plus a local settings file whose second PreToolUse handler refuses force pushes. */
async function twoSettingsFiles() {
  const box = sandbox("basic");
  const local = {
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "command", command: "exit 0" },
            {
              type: "command",
              command: "grep -q -- --force && echo 'no force pushes' >&2 && exit 2; exit 0",
            },
          ],
        },
      ],
    },
  };
  writeFileSync(path.join(box.cwd, ".claude/settings.local.json"), JSON.stringify(local, null, 2));
  await box.run(["trust", "--yes"]);
  return box;
}

describe("a block names the settings file and the handler's JSON path", () => {
  it("blames the local settings file's second handler, not the project file", async () => {
    const out = await (await twoSettingsFiles()).run([
      "tool",
      "bash",
      "--input",
      '{"command":"git push --force"}',
    ]);
    expect(out.code).toBe(1);
    expect(out.stdout.split("\n").at(-2)).toMatchInlineSnapshot(
      `"✖ blocked by .claude/settings.local.json#hooks.PreToolUse[0].hooks[1]: no force pushes"`,
    );
  });

  it("blames the project file's handler when it is the one that blocks", async () => {
    const out = await (await twoSettingsFiles()).run([
      "tool",
      "bash",
      "--input",
      '{"command":"curl example.com"}',
    ]);
    expect(out.code).toBe(1);
    expect(out.stdout.split("\n").at(-2)).toMatchInlineSnapshot(
      `"✖ blocked by .claude/settings.json#hooks.PreToolUse[0].hooks[0]: curl is blocked by policy"`,
    );
  });

  it("puts the handler in --json's error.hookPath", async () => {
    const out = await (await twoSettingsFiles()).run([
      "tool",
      "bash",
      "--input",
      '{"command":"git push --force"}',
      "--json",
    ]);
    const data = JSON.parse(out.stdout);
    expect(data.error.hookPath).toBe(".claude/settings.local.json#hooks.PreToolUse[0].hooks[1]");
  });
});
