import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

const bash = (command: string) => ["tool", "bash", "--input", JSON.stringify({ command })];
const last = (text: string) => text.trimEnd().split("\n").slice(-2).join("\n");

/** The basic project with `permissions` in its local settings file, trusted. */
async function withPermissions(permissions: unknown) {
  const box = sandbox("basic");
  writeFileSync(path.join(box.cwd, ".claude/settings.local.json"), JSON.stringify({ permissions }));
  await box.run(["trust", "--yes"]);
  return box;
}

describe("hookwire tool applies permission rules", () => {
  it("denies by a settings file's deny rule, and an allow rule does not override it", async () => {
    const box = await withPermissions({ allow: ["Bash(git *)"], deny: ["Bash(git push *)"] });
    const out = await box.run(bash("git push origin main"));
    expect(out.code).toBe(1);
    expect(last(out.stdout)).toMatchInlineSnapshot(`
      "    ↳ · [claude] .claude/settings.json#hooks.PreToolUse[0].hooks[0]  none <n> ms
      ✖ blocked: Denied by permission rule \`Bash(git push *)\`"
    `);
    expect((await box.run(bash("git status"))).code).toBe(0);
  });

  it("takes repeatable --deny rules from the command line", async () => {
    const box = await withPermissions({});
    const out = await box.run([
      ...bash("make deploy"),
      "--deny",
      "Bash(curl *)",
      "--deny",
      "Bash(make deploy)",
    ]);
    expect(out.code).toBe(1);
    expect(last(out.stdout)).toMatchInlineSnapshot(`
      "    ↳ · [claude] .claude/settings.json#hooks.PreToolUse[0].hooks[0]  none <n> ms
      ✖ blocked: Denied by permission rule \`Bash(make deploy)\`"
    `);
  });

  it("denies an ask in a headless run and says how to answer it", async () => {
    const out = await (await withPermissions({ ask: ["Bash(git push *)"] })).run(bash("git push"));
    expect(out.code).toBe(1);
    expect(last(out.stdout)).toMatchInlineSnapshot(`
      "✖ blocked: bash needs confirmation (ask rule \`Bash(git push *)\`: Confirmation required by permission rule \`Bash(git push *)\`), but no UI was available to ask, so the call was denied.
        (headless: an ask is denied; reply to it with --answer yes|no)"
    `);
  });

  it("answers a permission ask with --answer", async () => {
    const box = await withPermissions({ ask: ["Bash(git push *)"] });
    const yes = await box.run([...bash("git push"), "--answer", "yes"]);
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain('? confirm "');
    const no = await box.run([...bash("git push"), "--answer", "no"]);
    expect(no.code).toBe(1);
    expect(last(no.stdout)).toMatchInlineSnapshot(`
      "? confirm "Allow bash?" → no
      ✖ blocked: The user declined bash (asked by ask rule \`Bash(git push *)\`)."
    `);
  });

  it("ignores an untrusted project's permissions", async () => {
    const box = sandbox("basic");
    writeFileSync(
      path.join(box.cwd, ".claude/settings.local.json"),
      JSON.stringify({ permissions: { allow: ["Bash"] } }),
    );
    const out = await box.run([...bash("ls"), "--json"]);
    expect(JSON.parse(out.stdout).permissions).toEqual([]);
  });

  it("names the file and JSON path of a rule that does not parse", async () => {
    const out = await (await withPermissions({ deny: ["Bash(ls)", "Bash(rm *"] })).run(bash("ls"));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: .claude/settings.local.json → permissions.deny[1]: Invalid permission rule "Bash(rm *": expected "Tool" or "Tool(pattern)", e.g. "Bash", "Bash(git push *)", "Edit(*.ts)"; the pattern must end with ")".
      "
    `);
  });
});

describe("hookwire tool scripts the UI of module hooks", () => {
  const askingHook = `export default (pi) => {
  pi.on("tool_call", async (event, ctx) => {
    if (!String(event.input.command).includes("rm -rf")) return;
    const ok = await ctx.ui.confirm("Really rm -rf?", String(event.input.command));
    const how = await ctx.ui.select("How?", ["dry run", "for real"]);
    const why = await ctx.ui.input("Why?");
    if (!ok || how !== "for real") return { block: true, reason: \`not confirmed (\${how}, \${why})\` };
    return undefined;
  });
};
`;
  const box = () => {
    const b = sandbox("basic");
    writeFileSync(path.join(b.cwd, "ask.mjs"), askingHook);
    return b;
  };

  it("answers confirm, select and input from --answer, --select and --input-text", async () => {
    const out = await box().run([
      ...bash("rm -rf dist"),
      "--hook",
      "ask.mjs",
      "--answer",
      "yes",
      "--select",
      "2",
      "--input-text",
      "cleanup",
    ]);
    // The explicit module allows the call; the project's own hooks were skipped (not trusted), which exit 3 says.
    expect(out.code).toBe(3);
    expect(out.stdout.split("\n").filter((l) => l.startsWith("?"))).toMatchInlineSnapshot(`
      [
        "? confirm "Really rm -rf?" → yes",
        "? select "How?" → "for real"",
        "? input "Why?" → "cleanup"",
      ]
    `);
  });

  it("says which questions went unanswered in a headless run", async () => {
    const out = await box().run([...bash("rm -rf dist"), "--hook", "ask.mjs"]);
    // Blocked (1), and the untrusted project's hooks were skipped (3), which wins.
    expect(out.code).toBe(3);
    expect(
      out.stdout.split("\n").filter((l) => l.startsWith("?") || l.startsWith("✖")),
    ).toMatchInlineSnapshot(`
      [
        "? confirm "Really rm -rf?" → no (headless: no UI; reply with --answer yes|no)",
        "? select "How?" → (nothing) (headless: no UI; reply with --select N)",
        "? input "Why?" → (nothing) (headless: no UI; reply with --input-text T)",
        "✖ blocked by ask.mjs: not confirmed (undefined, undefined)",
      ]
    `);
  });

  it("rejects an --answer that is not yes or no", async () => {
    const out = await box().run([...bash("ls"), "--answer", "maybe"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: --answer expects yes or no, got "maybe".
      "
    `);
  });
});
