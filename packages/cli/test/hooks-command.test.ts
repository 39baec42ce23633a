import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type InProcessSandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";

const rmInput = ["--input", '{"command":"rm -rf build"}'];
const curlInput = ["--input", '{"command":"curl example.com"}'];

async function trusted(): Promise<InProcessSandbox> {
  const box = sandbox("basic");
  await box.run(["trust", "--yes"]);
  return box;
}

describe("hookwire hooks disable|enable", () => {
  it("turns a module off for tool and emit, shows it in list, and on again", async () => {
    const box = await trusted();
    const off = await box.run(["hooks", "disable", ".hookwire/hooks/guard.ts"]);
    expect(off.code).toBe(0);
    expect(off.stdout).toMatchInlineSnapshot(`
      "✔ .hookwire/hooks/guard.ts is off (<home>/.config/hookwire/hooks.json)
      "
    `);
    const config = JSON.parse(readFileSync(path.join(box.home, ".config/hookwire/hooks.json"), "utf8"));
    expect(config).toEqual({ disabled: [path.join(box.cwd, ".hookwire/hooks/guard.ts")] });

    expect((await box.run(["tool", "bash", ...rmInput])).code).toBe(0);
    const emit = await box.run([
      "emit",
      "tool_call",
      "--input",
      '{"toolName":"bash","input":{"command":"rm -rf x"}}',
    ]);
    expect(emit.code).toBe(0);
    const list = await box.run(["list"]);
    expect(list.stdout).toContain(
      "turned off (1) — hookwire hooks enable <id> turns one on again\n  .hookwire/hooks/guard.ts\n",
    );

    expect((await box.run(["hooks", "enable", ".hookwire/hooks/guard.ts"])).stdout).toMatchInlineSnapshot(`
      "✔ .hookwire/hooks/guard.ts is on (<home>/.config/hookwire/hooks.json)
      "
    `);
    expect((await box.run(["tool", "bash", ...rmInput])).code).toBe(1);
  });

  it("turns one settings handler off by the id list shows", async () => {
    const box = await trusted();
    const id = ".claude/settings.json#hooks.PreToolUse[0].hooks[0]";
    expect((await box.run(["list"])).stdout).toContain(`    ${id} [project, Claude Code]`);
    expect((await box.run(["tool", "bash", ...curlInput])).code).toBe(1);
    expect((await box.run(["hooks", "disable", id])).code).toBe(0);
    expect((await box.run(["tool", "bash", ...curlInput])).code).toBe(0);
    expect((await box.run(["hooks", "disable", id])).stdout).toContain("is off already");
  });

  it("leaves on a handler an edit moved to a turned-off position, and warns", async () => {
    const box = await trusted();
    const id = ".claude/settings.json#hooks.PreToolUse[0].hooks[0]";
    expect((await box.run(["hooks", "disable", id])).code).toBe(0);
    const config = JSON.parse(readFileSync(path.join(box.home, ".config/hookwire/hooks.json"), "utf8"));
    expect(Object.keys(config.pinned[path.join(box.cwd, id)])).toEqual([path.join(box.cwd, id)]);
    expect((await box.run(["tool", "bash", ...curlInput])).code).toBe(0);
    // A new first handler: the curl guard moves to hooks[1] and the new one sits at the id turned off.
    const file = path.join(box.cwd, ".claude/settings.json");
    const settings = JSON.parse(readFileSync(file, "utf8"));
    settings.hooks.PreToolUse[0].hooks.unshift({ type: "command", command: "true" });
    writeFileSync(file, JSON.stringify(settings));
    await box.run(["trust", "--yes"]);
    const out = await box.run(["tool", "bash", ...curlInput]);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatchInlineSnapshot(`
      "⚠ <home>/.config/hookwire/hooks.json: .claude/settings.json#hooks.PreToolUse[0].hooks[0] was turned off (\`hookwire hooks disable\`) when another handler was there; the file was edited since, so the one there now stays on. \`hookwire hooks disable .claude/settings.json#hooks.PreToolUse[0].hooks[0]\` again turns off what is there now; \`hookwire hooks enable .claude/settings.json#hooks.PreToolUse[0].hooks[0]\` drops the entry.
      "
    `);
    expect((await box.run(["hooks", "enable", id])).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(box.home, ".config/hookwire/hooks.json"), "utf8"))).toEqual({
      disabled: [],
    });
  });

  it("rejects an id that names no hook here, with a did-you-mean", async () => {
    const box = await trusted();
    const typo = await box.run(["hooks", "disable", ".hookwire/hooks/gaurd.ts"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatchInlineSnapshot(`
      "hookwire: No hook ".hookwire/hooks/gaurd.ts" here; did you mean ".hookwire/hooks/guard.ts"? Ids are what \`hookwire list\` shows: a hook file, or a settings file#JSON path.
      "
    `);
    const action = await box.run(["hooks", "remove", ".hookwire/hooks/guard.ts"]);
    expect(action.code).toBe(2);
    expect(action.stderr).toMatchInlineSnapshot(`
      "hookwire: Unknown action "remove": use hookwire hooks disable <id> or enable <id>.
      "
    `);
  });
});
