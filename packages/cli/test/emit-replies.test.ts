// `hookwire emit` takes the UI replies `tool` takes (--answer, --select, --input-text): both branches of an asking hook.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

// Written as a hook author would: a TS module with isToolEvent from @hookwire/core, which the project does not install.
const askingHook = `import { type HookAPI, isToolEvent } from "@hookwire/core";

export default (pi: HookAPI) => {
  pi.on("tool_call", async (event, ctx) => {
    if (!isToolEvent(event, "bash") || !event.input.command.startsWith("git clean")) return;
    const ok = await ctx.ui.confirm("Really clean?", event.input.command);
    const how = await ctx.ui.select("How?", ["dry run", "for real"]);
    const why = await ctx.ui.input("Why?");
    if (!ok || how !== "for real") return { block: true, reason: \`not confirmed (\${how}, \${why})\` };
    return undefined;
  });
};
`;

const clean = ["emit", "tool_call", "--input", '{"toolName":"bash","input":{"command":"git clean -fdx"}}'];
const asked = (stdout: string) =>
  stdout.split("\n").filter((line) => line.startsWith("?") || line.startsWith("✖"));

async function project() {
  const box = sandbox("basic");
  writeFileSync(path.join(box.cwd, ".hookwire/hooks/ask.ts"), askingHook);
  await box.run(["trust", "--yes"]);
  return box;
}

describe("hookwire emit scripts the UI", () => {
  it("answers confirm, select and input from --answer, --select and --input-text", async () => {
    const out = await (await project()).run([
      ...clean,
      "--answer",
      "yes",
      "--select",
      "2",
      "--input-text",
      "tidy",
    ]);
    expect(out.code).toBe(0);
    expect(asked(out.stdout)).toMatchInlineSnapshot(`
      [
        "? confirm "Really clean?" → yes",
        "? select "How?" → "for real"",
        "? input "Why?" → "tidy"",
      ]
    `);
  });

  it("says which flag answers each question of a headless run, and blocks as the hook does without a UI", async () => {
    const out = await (await project()).run(clean);
    expect(out.code).toBe(1);
    expect(asked(out.stdout)).toMatchInlineSnapshot(`
      [
        "? confirm "Really clean?" → no (headless: no UI; reply with --answer yes|no)",
        "? select "How?" → (nothing) (headless: no UI; reply with --select N)",
        "? input "Why?" → (nothing) (headless: no UI; reply with --input-text T)",
        "✖ blocked",
      ]
    `);
  });

  it("lists the questions and replies in --json", async () => {
    const out = await (await project()).run([...clean, "--answer", "no", "--json"]);
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).asked).toMatchInlineSnapshot(`
      [
        {
          "kind": "confirm",
          "reply": "no",
          "scripted": true,
          "title": "Really clean?",
        },
        {
          "kind": "select",
          "reply": "(nothing)",
          "scripted": false,
          "title": "How?",
        },
        {
          "kind": "input",
          "reply": "(nothing)",
          "scripted": false,
          "title": "Why?",
        },
      ]
    `);
  });

  it("rejects a --select that is not an option number, as tool does", async () => {
    const out = await (await project()).run([...clean, "--select", "0"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: --select expects an option number from 1, got "0".
      "
    `);
  });
});
