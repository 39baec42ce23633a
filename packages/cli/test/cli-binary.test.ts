// What only the built binary shows: input on stdin, the process guards of src/cli.ts (a hook's leaked timer, its
// errors outside any handler, a promise that never settles), a hook's process.exit stopped, and the bundled demo
// from dist/. The rest of the CLI's parsing and output is tested in-process (cli.test.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { sandbox } from "./cli-harness.js";

beforeAll(() => ensureBuilt(), 180_000);

describe("hookwire emit --input -", () => {
  const trusted = () => {
    const box = sandbox("basic");
    box.run(["trust", "--yes"]);
    return box;
  };

  it("reads --input - from stdin and prints JSON with the per-hook trace", () => {
    const out = trusted().run(["emit", "tool_call", "--input", "-", "--json"], {
      input: '{"toolName":"bash","input":{"command":"rm -rf /"}}',
    });
    expect(out.code).toBe(1);
    const data = JSON.parse(out.stdout);
    expect(data.outcome).toMatchObject({ block: true, reason: "rm -rf is not allowed here" });
    expect(data.trace).toEqual([
      {
        event: "tool_call",
        hookPath: expect.stringMatching(/guard\.ts$/),
        decision: "block",
        detail: "rm -rf is not allowed here",
        durationMs: 0,
      },
    ]);
  });

  it("exits 2 and says stdin was empty for --input - with nothing piped", () => {
    const out = sandbox("basic").run(["emit", "tool_call", "--input", "-"], { input: "" });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: --input - (stdin): stdin was empty. Pipe a JSON object into it (echo '{}' | hookwire …), or pass the JSON inline.
      "
    `);
  });
});

// From never-silent.test.ts: `--input -` is read from the process's stdin (file descriptor 0).
describe("an argument of -", () => {
  it("reads - as a value and passes everything after a slash command to it", () => {
    const box = sandbox("basic");
    box.run(["trust", "--yes"]);
    const stdin = box.run(["emit", "tool_call", "--input", "-"], { input: '{"toolName":"bash","input":{}}' });
    expect(stdin.code).toBe(0);
    const run = box.run(["run", "/greet", "--loud", "Ada"]);
    expect(run.code).toBe(0);
  });
});

describe("a misbehaving hook", () => {
  it("does not keep the command alive with a timer it leaves running", () => {
    const out = sandbox("misbehaving").run([
      "emit",
      "tool_call",
      "--hook",
      "modules/leaks-timer.ts",
      "--input",
      '{"toolName":"bash","input":{"command":"ls"}}',
    ]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('result: {"block":false');
  });

  it("reports an error a hook throws outside its handler and finishes the command", () => {
    const out = sandbox("misbehaving").run([
      "emit",
      "tool_call",
      "--hook",
      "modules/throws-outside.ts",
      "--input",
      '{"toolName":"bash","input":{"command":"ls"}}',
    ]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('result: {"block":false');
    // The process guard attributes both to the hook: they are its errors, printed with the others.
    expect(out.stdout.split("\n").filter((line) => line.startsWith("⚠"))).toEqual([
      '⚠ Hook `modules/throws-outside.ts` failed on "unhandledRejection": unhandled rejection outside any handler: dropped rejection. The host kept running.',
      '⚠ Hook `modules/throws-outside.ts` failed on "uncaughtException": uncaught exception outside any handler: thrown from a timer. The host kept running.',
    ]);
    expect(out.stderr).toBe("");
  });

  it("exits 2 naming the problem when a handler's promise never settles", () => {
    const out = sandbox("misbehaving").run([
      "emit",
      "tool_call",
      "--hook",
      "modules/never-settles.ts",
      // No limit: with nothing left to wait on, Node would end the process with no word.
      "--timeout",
      "0",
      "--input",
      '{"toolName":"bash","input":{"command":"ls"}}',
    ]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: a hook never finished: one of its handlers returned a promise that never settles. Make every handler resolve (or return nothing).
      "
    `);
  });
});

describe("hookwire demo", () => {
  it("runs the bundled demo and prints its trace", () => {
    const out = sandbox("basic").run(["demo", "--keep"]);
    expect(out.code).toBe(0);
    const trace = out.stdout;
    for (const line of [
      "✖ blocked by .hookwire/hooks/block-rm-rf.ts: user denied command",
      "✖ blocked by .claude/settings.json#hooks.PreToolUse[0].hooks[0]: Force-pushing is not allowed here",
      "API_KEY=[REDACTED]",
      '✎ .hookwire/hooks/prefer-pnpm.ts rewrote the input: {"command":"pnpm test"}',
      "↳ message from .claude/settings.json (hook_context): Project project",
      "▶ command: /handoff continue with the release",
    ]) {
      expect(trace).toContain(line);
    }
    expect(readFileSync(path.join(box(trace), "NOTES.md"), "utf8")).toBe(
      "# Release notes\n\n- hooks everywhere\n",
    );
    rmSync(path.dirname(box(trace)), { recursive: true, force: true });
  });
});

function box(trace: string): string {
  const match = /^hookwire demo in (.+)$/m.exec(trace);
  if (!match?.[1]) throw new Error(`no project folder in:\n${trace}`);
  return match[1];
}

// A real process: exit 0 from a hook would end it, and only a process of its own shows that it did not.
describe("a trusted module's process.exit", () => {
  it("blocks the tool call instead of ending hookwire tool with exit 0", () => {
    const box = sandbox("basic");
    rmSync(path.join(box.cwd, ".hookwire"), { recursive: true, force: true });
    // The user's own guard, which must not be skipped by an exit 0 before it decides.
    mkdirSync(path.join(box.home, ".pi/hooks"), { recursive: true });
    writeFileSync(
      path.join(box.home, ".pi/hooks/guard.mjs"),
      'export default (pi) => pi.on("tool_call", () => ({ block: true, reason: "user guard" }));\n',
    );
    mkdirSync(path.join(box.cwd, ".pi/hooks"), { recursive: true });
    writeFileSync(
      path.join(box.cwd, ".pi/hooks/quit.mjs"),
      'export default (pi) => pi.on("tool_call", () => { process.exit(0); });\n',
    );
    box.run(["trust", "--yes"]);
    const out = box.run(["tool", "bash", "--input", '{"command":"rm -rf /tmp/nothing-here"}']);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain(
      '✖ blocked by .pi/hooks/quit.mjs: Hook `.pi/hooks/quit.mjs` failed on "tool_call": called process.exit(0), which would end the host; it was stopped.',
    );
  });
});
