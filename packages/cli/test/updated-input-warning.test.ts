import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

// A hook that returns only the field it changes: Claude Code replaces the whole input with it and the
// call then fails the tool's own validation, so hookwire warns where a hook author tries it.
const partialRewrite = {
  hooks: {
    PreToolUse: [
      {
        matcher: "Write",
        hooks: [
          {
            type: "command",
            command: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"content":"x"}}}'`,
          },
        ],
      },
    ],
  },
};

async function project() {
  const box = sandbox("basic");
  writeFileSync(path.join(box.cwd, ".claude/settings.json"), JSON.stringify(partialRewrite));
  await box.run(["trust", "--yes"]);
  return box;
}

describe("an updatedInput that drops fields the tool needs", () => {
  it("is a warning in hookwire tool", async () => {
    const out = await (await project()).run([
      "tool",
      "write",
      "--input",
      '{"path":"a.txt","content":"hello"}',
    ]);
    const warning = `${out.stdout}${out.stderr}`.split("\n").find((line) => line.startsWith("⚠"));
    expect(warning).toMatchInlineSnapshot(
      `"⚠ Hook \`.claude/settings.json#hooks.PreToolUse[0].hooks[0]\` failed on "PreToolUse": updatedInput replaces the whole Write input and lacks "file_path"; Claude Code would refuse this call. Return every field the tool needs (the original input is in tool_input)."`,
    );
  });

  it("is a warning in hookwire emit", async () => {
    const out = await (await project()).run([
      "emit",
      "PreToolUse",
      "--input",
      '{"tool_name":"Write","tool_input":{"file_path":"a.txt","content":"hello"}}',
    ]);
    expect(`${out.stdout}${out.stderr}`).toContain('lacks "file_path"; Claude Code would refuse this call.');
  });

  it("is not raised for a rewrite that keeps every required field", async () => {
    const box = sandbox("basic");
    const whole = JSON.stringify(partialRewrite).replace(
      '{\\"content\\":\\"x\\"}',
      '{\\"file_path\\":\\"b.txt\\",\\"content\\":\\"x\\"}',
    );
    writeFileSync(path.join(box.cwd, ".claude/settings.json"), whole);
    await box.run(["trust", "--yes"]);
    const out = await box.run(["tool", "write", "--input", '{"path":"a.txt","content":"hello"}']);
    expect(`${out.stdout}${out.stderr}`).not.toContain("lacks");
    expect(out.stdout).toContain("b.txt");
  });
});
