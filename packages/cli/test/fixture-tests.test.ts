import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin, sandbox as binarySandbox } from "./cli-harness.js";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

beforeAll(() => ensureBuilt(), 180_000);

const curl = { tool_name: "Bash", tool_input: { command: "curl example.com" } };

async function withFixtures(fixtures: Record<string, unknown>) {
  const box = sandbox("basic");
  await box.run(["trust", "--yes"]);
  const dir = path.join(box.cwd, ".hookwire/tests");
  mkdirSync(dir, { recursive: true });
  for (const [name, fixture] of Object.entries(fixtures)) {
    writeFileSync(
      path.join(dir, `${name}.json`),
      typeof fixture === "string" ? fixture : JSON.stringify(fixture),
    );
  }
  return box;
}

describe("hookwire test", () => {
  it("passes fixtures whose expect is a subset of what emit --json prints", async () => {
    const box = await withFixtures({
      "curl-blocked": {
        event: "PreToolUse",
        input: curl,
        expect: { blocked: true, outcome: { reason: "curl is blocked by policy" } },
      },
      "ls-allowed": {
        event: "tool_call",
        input: { toolName: "bash", input: { command: "ls" } },
        expect: { blocked: false },
      },
    });
    const out = await box.run(["test"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "✔ curl-blocked
      ✔ ls-allowed
      2 passed, 0 failed
      "
    `);
  });

  it("names each failing fixture with the differing path and exits 1", async () => {
    const box = await withFixtures({
      "wrong-reason": {
        event: "PreToolUse",
        input: curl,
        expect: { outcome: { block: true, reason: "curl is fine" } },
      },
      "no-expect": { event: "PreToolUse", input: curl },
      "not-json": "{ nope",
    });
    const out = await box.run(["test"]);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatchInlineSnapshot(`
      "✖ no-expect
          .hookwire/tests/no-expect.json → expect: expected an object, matched as a subset of what emit --json prints
      ✖ not-json
          .hookwire/tests/not-json.json is not JSON: Expected property name or '}' in JSON at position 2
      ✖ wrong-reason
          expect.outcome.reason: expected "curl is fine", got "curl is blocked by policy"
      0 passed, 3 failed
      "
    `);
  });

  it("fails a fixture whose event did not run, or ran untrusted, saying so, and offers blocked for block", async () => {
    const box = await withFixtures({
      "usage-error": { event: "PreToolUs", input: curl, expect: {} },
      typo: { event: "PreToolUse", input: curl, expect: { block: true } },
    });
    const out = await box.run(["test"]);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatchInlineSnapshot(`
      "✖ typo
          expect.block: emit prints no "block" here; did you mean "blocked"?
      ✖ usage-error
          the event did not run: Unknown event "PreToolUs". Did you mean "PreToolUse"?
      0 passed, 2 failed
      "
    `);
    // A hook edited after trust: the project's hooks are skipped, and the fixture says that is why.
    const guard = path.join(box.cwd, ".hookwire/hooks/guard.ts");
    writeFileSync(guard, `${readFileSync(guard, "utf8")}\n// edited\n`);
    writeFileSync(
      path.join(box.cwd, ".hookwire/tests/typo.json"),
      JSON.stringify({ event: "PreToolUse", input: curl, expect: { blocked: true } }),
    );
    writeFileSync(
      path.join(box.cwd, ".hookwire/tests/usage-error.json"),
      // Naming `skipped` tests the untrusted result itself.
      JSON.stringify({
        event: "PreToolUse",
        input: curl,
        expect: { skipped: [".hookwire/hooks/guard.ts", ".claude/settings.json"], blocked: false },
      }),
    );
    const untrusted = await box.run(["test"]);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stdout).toMatchInlineSnapshot(`
      "✖ typo
          ran untrusted: 2 project hook sources were skipped (not trusted): .hookwire/hooks/guard.ts, .claude/settings.json; the result is without them. Review and trust them: pnpm exec hookwire trust --cwd <cwd>
      ✔ usage-error
      1 passed, 1 failed
      "
    `);
  });

  it("exits 2 when there is nothing to test", async () => {
    const out = await sandbox("basic").run(["test"]);
    expect(out.code).toBe(2);
    expect(out.stdout).toMatchInlineSnapshot(`
      "no fixtures in .hookwire/tests/*.json (hookwire record writes one)
      "
    `);
  });

  it("runs again when a fixture is edited, with --watch", async () => {
    const box = await withFixtures({
      curl: { event: "PreToolUse", input: curl, expect: { blocked: false } },
    });
    const child = spawn(process.execPath, [bin, "test", "--watch"], {
      cwd: box.cwd,
      env: { ...process.env, HOME: box.home, XDG_CONFIG_HOME: path.join(box.home, ".config"), NO_COLOR: "1" },
    });
    let stdout = "";
    const seen = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`never printed ${text}:\n${stdout}`)), 60_000);
        const check = () => {
          if (stdout.includes(text)) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on("data", check);
        check();
      });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    try {
      await seen("0 passed, 1 failed");
      await seen("watching");
      const file = path.join(box.cwd, ".hookwire/tests/curl.json");
      writeFileSync(file, readFileSync(file, "utf8").replace('"blocked":false', '"blocked":true'));
      await seen("1 passed, 0 failed");
      expect(stdout).toContain("curl.json changed, running again");
    } finally {
      child.kill("SIGINT");
    }
  }, 120_000);
});

// `--input -` is read from the process's stdin (file descriptor 0): the binary.
describe("hookwire record", () => {
  it("saves an agent's event as a fixture that hookwire test then passes", () => {
    const box = binarySandbox("basic");
    box.run(["trust", "--yes"]);
    const agentInput = JSON.stringify({ hook_event_name: "PreToolUse", ...curl });
    const out = box.run(["record", "curl", "--input", "-"], { input: agentInput });
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "✔ wrote .hookwire/tests/curl.json  (blocked: true)
      "
    `);
    const fixture = JSON.parse(readFileSync(path.join(box.cwd, ".hookwire/tests/curl.json"), "utf8"));
    expect(fixture.event).toBe("PreToolUse");
    expect(fixture.expect.blocked).toBe(true);
    expect(box.run(["test"]).code).toBe(0);
    expect(box.run(["record", "curl", "--input", "-"], { input: agentInput }).stderr).toMatchInlineSnapshot(`
      "hookwire: .hookwire/tests/curl.json exists; pass --force to record it again.
      "
    `);
  });
});
