// `hookwire explain <event> [tool]`: which hooks would fire and, for each that would not, why — running nothing.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type InProcessSandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";

/** A project whose handlers write a file if they ever run: explain must never create it. */
async function project(settings: Record<string, unknown>, trust = true): Promise<InProcessSandbox> {
  const box = sandbox("basic");
  writeFileSync(path.join(box.cwd, ".claude", "settings.json"), JSON.stringify(settings));
  if (trust) await box.run(["trust", "--yes"]);
  return box;
}

const ran = "touch ran.txt";

describe("hookwire explain", () => {
  it("says which handlers fire for a tool, and names the matcher and the if rule of the others", async () => {
    const box = await project({
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: ran }] },
          { matcher: "Write|Edit", hooks: [{ type: "command", command: ran }] },
          { matcher: "Bash", hooks: [{ type: "command", command: ran, if: "Bash(rm *)" }] },
        ],
        SessionStart: [{ hooks: [{ type: "command", command: ran }] }],
      },
    });
    const out = await box.run(["explain", "tool_call", "bash"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "What would fire on tool_call bash in <cwd> (nothing is run)
      ✔ .hookwire/hooks/guard.ts: fires: 1 tool_call handler
      ✔ .claude/settings.json#hooks.PreToolUse[0].hooks[0]: fires: PreToolUse, matcher "Bash"
      ✖ .claude/settings.json#hooks.PreToolUse[1].hooks[0]: does not fire: matcher "Write|Edit" does not match Claude Code's tool name "Bash"
      ? .claude/settings.json#hooks.PreToolUse[2].hooks[0]: may fire: only when its "if" rule "Bash(rm *)" matches the call's input
      2 of 4 would fire
      "
    `);
    expect(existsSync(path.join(box.cwd, "ran.txt"))).toBe(false);
  });

  it("names a module that registers no handler for the event", async () => {
    const out = await (await project({ hooks: {} })).run(["explain", "session_start"]);
    expect(out.stdout).toMatchInlineSnapshot(`
      "What would fire on session_start in <cwd> (nothing is run)
      ✖ .hookwire/hooks/guard.ts: does not fire: registers no session_start handler (it handles tool_call, tool_result)
      0 of 1 would fire
      "
    `);
  });

  it("says an untrusted project's hooks do not fire, with the command that trusts them", async () => {
    const box = await project(
      { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: ran }] }] } },
      false,
    );
    const out = await box.run(["explain", "PreToolUse", "Bash"]);
    expect(out.stdout).toMatchInlineSnapshot(`
      "What would fire on tool_call (PreToolUse) bash in <cwd> (nothing is run)
      ✖ .hookwire/hooks/guard.ts: does not fire: not loaded: the project is not trusted
          fix: pnpm exec hookwire trust --cwd <cwd>
      ✖ .claude/settings.json#hooks.PreToolUse[0].hooks[0]: does not fire: not loaded: the project is not trusted
          fix: pnpm exec hookwire trust --cwd <cwd>
      0 of 2 would fire
      "
    `);
  });

  it('says "disableAllHooks" turned a handler off, naming the file', async () => {
    const box = await project({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: ran }] }] },
    });
    writeFileSync(
      path.join(box.cwd, ".claude", "settings.local.json"),
      JSON.stringify({ disableAllHooks: true }),
    );
    await box.run(["trust", "--yes"]);
    const out = await box.run(["explain", "tool_call", "bash", "--json"]);
    expect(JSON.parse(out.stdout).hooks).toMatchInlineSnapshot(`
      [
        {
          "fires": "yes",
          "hook": ".hookwire/hooks/guard.ts",
          "why": "1 tool_call handler",
        },
        {
          "fires": "no",
          "hook": ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
          "why": "turned off by .claude/settings.local.json (its hooks switch, e.g. "disableAllHooks": true)",
        },
      ]
    `);
  });

  it("names a handler that cannot run (an invalid matcher)", async () => {
    const box = await project({
      hooks: { PreToolUse: [{ matcher: "(", hooks: [{ type: "command", command: ran }] }] },
    });
    const out = await box.run(["explain", "tool_call", "bash"]);
    expect(out.stderr).toMatchInlineSnapshot(`
      "✖ .claude/settings.json → hooks.PreToolUse[0].matcher: Matcher "(" is not a valid JavaScript regular expression: Invalid regular expression: /(/: Unterminated group. Use exact names like "Edit|Write", or escape special characters (e.g. "\\\\("). This group is skipped.
      "
    `);
    expect(out.stdout).toContain("1 of 1 would fire");
    expect(out.code).toBe(0);
  });

  it("names what `hookwire hooks disable` turned off, by the id that did it, and how to turn it back on", async () => {
    const box = await project({
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: ran }] },
          { matcher: "Bash", hooks: [{ type: "command", command: ran }] },
        ],
      },
    });
    expect((await box.run(["hooks", "disable", ".hookwire/hooks/guard.ts"])).code).toBe(0);
    expect((await box.run(["hooks", "disable", ".claude/settings.json#hooks.PreToolUse[1]"])).code).toBe(0);
    const out = await box.run(["explain", "tool_call", "bash"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "What would fire on tool_call bash in <cwd> (nothing is run)
      ✖ .hookwire/hooks/guard.ts: does not fire: disabled by \`hookwire hooks disable .hookwire/hooks/guard.ts\` (in your own hookwire config)
          fix: pnpm exec hookwire hooks enable .hookwire/hooks/guard.ts
      ✔ .claude/settings.json#hooks.PreToolUse[0].hooks[0]: fires: PreToolUse, matcher "Bash"
      ✖ .claude/settings.json#hooks.PreToolUse[1].hooks[0]: does not fire: disabled by \`hookwire hooks disable '.claude/settings.json#hooks.PreToolUse[1]'\` (in your own hookwire config)
          fix: pnpm exec hookwire hooks enable '.claude/settings.json#hooks.PreToolUse[1]'
      1 of 3 would fire
      "
    `);
    expect(existsSync(path.join(box.cwd, "ran.txt"))).toBe(false);
    // The id given back is the one configured (the group), which `enable` takes: both handlers run again.
    expect((await box.run(["hooks", "enable", ".claude/settings.json#hooks.PreToolUse[1]"])).code).toBe(0);
    expect((await box.run(["explain", "tool_call", "bash"])).stdout).toContain("2 of 3 would fire");
  });
});
