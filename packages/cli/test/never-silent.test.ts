import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

const curl = ["--input", '{"tool_name":"Bash","tool_input":{"command":"curl example.com"}}'];

describe("emit, tool and run say what did not load", () => {
  it("lists untrusted project items with the trust command before the trace", async () => {
    const out = await sandbox("basic").run(["emit", "PreToolUse", ...curl]);
    expect(out.code).toBe(3);
    expect(out.stderr).toMatchInlineSnapshot(`
      "⚠ .hookwire/hooks/guard.ts: not loaded: the project is not trusted
          fix: pnpm exec hookwire trust --cwd <cwd>
      ⚠ .claude/settings.json: not loaded: the project is not trusted
          fix: pnpm exec hookwire trust --cwd <cwd>
      ✖ 2 project hook sources were skipped (not trusted): .hookwire/hooks/guard.ts, .claude/settings.json; the result above is without them (exit 3)
          fix: review and trust them: pnpm exec hookwire trust --cwd <cwd>
      "
    `);
    expect(out.stdout.split("\n")[1]).toBe("  (no hook handles this event)");
  });

  it("exits 2 with every load error and settings problem when a source is broken", async () => {
    const box = sandbox("broken");
    await box.run(["trust", "--yes"]);
    const out = await box.run(["emit", "session_start"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "✖ .claude/settings.json → hooks.PreToolUs: Unknown event "PreToolUs"; did you mean "PreToolUse"? Its hooks are skipped.
      ⚠ .claude/settings.json → hooks.PreToolUse[1].hooks[0].timeout: timeout is in seconds, not milliseconds: 5000 is 1.4 hours; for 5 seconds write 5.
      ✖ .claude/settings.json → hooks.PostToolUse[0].hooks[0].type: Invalid handler type: expected one of "command" | "http" | "mcp_tool" | "prompt" | "agent", got "comand"; did you mean "command"? This handler is skipped.
      ✖ .hookwire/hooks/bad-syntax.ts: Hook module \`.hookwire/hooks/bad-syntax.ts\` could not be imported: Expected \`}\` but found \`EOF\` (at <cwd>/.hookwire/hooks/bad-syntax.ts:4:0). Fix the module so it evaluates, then reload.
      "
    `);
  });

  it("exits 2 for a --hook that does not exist, in emit, tool and run", async () => {
    const box = sandbox("basic");
    for (const args of [
      ["emit", "session_start"],
      ["tool", "bash", "--input", '{"command":"ls"}'],
      ["run", "/greet"],
    ]) {
      const out = await box.run([...args, "--hook", "missing.ts"]);
      expect(out.stderr).toContain(
        "✖ missing.ts: Hook module `missing.ts` was not found at `<cwd>/missing.ts`.",
      );
      expect(out.code).toBe(2);
    }
  });

  it("puts the problems in the JSON document with --json", async () => {
    const out = await sandbox("basic").run(["emit", "session_start", "--json"]);
    const data = JSON.parse(out.stdout);
    expect(data.problems).toContainEqual({
      severity: "warning",
      where: ".claude/settings.json",
      message: "not loaded: the project is not trusted",
      fix: "pnpm exec hookwire trust --cwd <cwd>",
    });
    expect(out.stderr).toBe("");
  });

  it('warns about "hook" instead of "hooks" with a did-you-mean, in doctor and before a trace', async () => {
    const box = sandbox("typo");
    await box.run(["trust", "--yes"]);
    const doctor = await box.run(["doctor"]);
    expect(doctor.stdout).toMatchInlineSnapshot(`
      "hookwire doctor: <cwd>
      ⚠ .claude/settings.json → hook: Unknown top-level key "hook" is ignored; did you mean "hooks"?
      ✔ 0 hooks loaded, 0 settings handlers from 1 file; 0 errors, 1 warning
      "
    `);
    const emit = await box.run(["emit", "PreToolUse", ...curl]);
    expect(emit.stderr).toContain(
      '⚠ .claude/settings.json → hook: Unknown top-level key "hook" is ignored; did you mean "hooks"?',
    );
  });

  it("gives a JSON syntax error its line and column on one line", async () => {
    const box = sandbox("bad-trailing-comma");
    await box.run(["trust", "--yes"]);
    const out = await box.run(["emit", "session_start"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "✖ .claude/settings.json:4:4: Invalid JSON at line 4, column 4: trailing comma before "}". No hooks are read from this file.
      "
    `);
  });
});

describe("arguments", () => {
  it("rejects an unknown flag with a did-you-mean", async () => {
    const out = await sandbox("basic").run(["emit", "tool_call", "--inptu", "{}"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: Unknown option --inptu for \`hookwire emit\`. Did you mean --input?
      Options: --help, --input, --answer, --select, --input-text, --cwd, --hook, --timeout, --debug, --json. See \`hookwire help emit\`.
      "
    `);
  });

  it("rejects list --jsno, and a flag with no value", async () => {
    const box = sandbox("basic");
    expect((await box.run(["list", "--jsno"])).stderr.split("\n")[0]).toBe(
      "hookwire: Unknown option --jsno for `hookwire list`. Did you mean --json?",
    );
    const cwd = await box.run(["list", "--cwd"]);
    expect(cwd.code).toBe(2);
    expect(cwd.stderr).toMatchInlineSnapshot(`
      "hookwire: --cwd needs a value: --cwd DIR.
      See \`hookwire help list\`.
      "
    `);
    for (const empty of [["--cwd", ""], ["--cwd="]]) {
      const out = await box.run(["list", ...empty]);
      expect(out.code).toBe(2);
      expect(out.stderr.split("\n")[0]).toBe("hookwire: --cwd needs a value: --cwd DIR.");
    }
    const input = await box.run(["emit", "tool_call", "--input", "--json"]);
    expect(input.code).toBe(2);
    // --json was asked for, so the usage error is JSON too.
    expect(JSON.parse(input.stdout).error.message).toBe("--input needs a value: --input JSON.");
  });

  it("prints usage errors as JSON under --json", async () => {
    const out = await sandbox("basic").run(["list", "--json", "--jsno"]);
    expect(out.code).toBe(2);
    expect(JSON.parse(out.stdout)).toEqual({
      error: {
        code: "CLI_USAGE",
        message: "Unknown option --jsno for `hookwire list`. Did you mean --json?",
        details: "Options: --help, --cwd, --hook, --json. See `hookwire help list`.",
      },
    });
    const event = JSON.parse((await sandbox("basic").run(["emit", "PreToolUs", "--json"])).stdout);
    expect(event.error.message).toBe('Unknown event "PreToolUs". Did you mean "PreToolUse"?');
  });

  it("has a help command, for hookwire and for each command", async () => {
    const box = sandbox("basic");
    const help = await box.run(["help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(
      "USAGE hookwire list|emit|tool|run|doctor|explain|trust|policy|connect|disconnect|hook|serve|log|status|init|hooks|schema|test|record|demo|help",
    );
    const emit = await box.run(["help", "emit"]);
    expect(emit.stdout.split("\n")[2]).toBe("USAGE hookwire emit [OPTIONS] <EVENT>");
    const unknown = await box.run(["help", "emitt"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split("\n")[0]).toBe('hookwire: Unknown command "emitt". Did you mean "emit"?');
  });
});

describe("the project root", () => {
  it("is found by walking up from a subfolder, and the output says which folders were searched", async () => {
    const box = sandbox("basic");
    const sub = path.join(box.cwd, "src/deep");
    mkdirSync(sub, { recursive: true });
    const trust = await box.run(["trust", "--yes"], { cwd: sub });
    expect(trust.stdout.split("\n")[0]).toBe("Trusting <cwd> lets these run (3 items):");
    expect(trust.stderr).toBe(
      "hookwire: project root <cwd> (found .hookwire; searched <cwd>/src/deep, <cwd>/src, <cwd>)\n",
    );
    const list = await box.run(["list", "--json"], { cwd: sub });
    expect(JSON.parse(list.stdout)).toMatchObject({
      cwd: "<cwd>",
      trusted: true,
      project: { root: "<cwd>", searched: ["<cwd>/src/deep", "<cwd>/src", "<cwd>"], marker: ".hookwire" },
    });
    const emit = await box.run(["tool", "bash", "--input", '{"command":"rm -rf x"}'], { cwd: sub });
    expect(emit.code).toBe(1);
    expect(emit.stdout).toContain("✖ blocked by .hookwire/hooks/guard.ts");
  });

  it("stops at .git, and says so when nothing is found", async () => {
    const box = sandbox("basic");
    const repo = path.join(box.cwd, "vendor/repo");
    mkdirSync(path.join(repo, ".git"), { recursive: true });
    writeFileSync(path.join(repo, "x.txt"), "");
    const list = await box.run(["list"], { cwd: repo });
    expect(list.stdout.split("\n")[0]).toBe("Hooks in <cwd>/vendor/repo");
    const none = await sandbox("misbehaving").run(["emit", "session_start"]);
    expect(none.stderr.split("\n")[0]).toMatch(
      /^hookwire: no \.git or hook folder in <cwd>, .*; using <cwd>$/,
    );
  });
});
