// What a hostile repository cannot do to list, trust and emit: hang them, hide its hooks or rewrite the terminal; and
// the trust store kept whole across processes. What a real terminal shows is in terminal.test.ts.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin } from "./cli-harness.js";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

// Each test runs the CLI several times; on a loaded machine one run takes seconds.
vi.setConfig({ testTimeout: 90_000 });

describe("hookwire list on a hostile repository", () => {
  it("returns at once when .claude/settings.json is a link to /dev/zero or a FIFO, naming the file", async () => {
    const box = sandbox("basic");
    const settings = path.join(box.cwd, ".claude/settings.json");
    rmSync(settings);
    symlinkSync("/dev/zero", settings);
    execFileSync("mkfifo", [path.join(box.cwd, ".claude/settings.local.json")]);
    const listed = await box.run(["list"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout.split("\n").filter((line) => line.startsWith("⚠"))).toMatchInlineSnapshot(`
      [
        "⚠ .claude/settings.json: The settings file is a character device; only regular files of at most 1048576 bytes are read, so it was not.",
        "⚠ .claude/settings.local.json: The settings file is a FIFO; only regular files of at most 1048576 bytes are read, so it was not.",
      ]
    `);
  });

  it("shows the user's hook beside the project's of the same name", async () => {
    const box = sandbox("basic");
    for (const root of [box.cwd, box.home]) {
      mkdirSync(path.join(root, ".claude/hooks/pre"), { recursive: true });
      writeFileSync(path.join(root, ".claude/hooks/pre/bash.sh"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    }
    await box.run(["trust", "--yes"]);
    const listed = (await box.run(["list"])).stdout;
    expect(listed).toContain(
      "  ~/.claude/hooks/pre/bash.sh  then  .claude/hooks/pre/bash.sh  (same key pre:bash:bash.sh)",
    );
    const modules = listed.split("\n").filter((line) => line.includes("hooks/pre/bash.sh  ["));
    expect(modules).toEqual([
      "  ~/.claude/hooks/pre/bash.sh  [script, claude:.claude, user]  tool_call, before_agent_start",
      "  .claude/hooks/pre/bash.sh  [script, claude:.claude, project]  tool_call, before_agent_start",
    ]);
  });
});

// The built binary, eight at once: the store's lock is between processes, which one process cannot show.
describe("the trust store across processes", () => {
  beforeAll(() => ensureBuilt(), 180_000);
  it("keeps every record when 8 hookwire processes trust 8 projects at once", async () => {
    const box = sandbox("basic");
    const projects = Array.from({ length: 8 }, (_, i) => {
      const dir = path.join(path.dirname(box.cwd), `p${i}`);
      mkdirSync(path.join(dir, ".claude/hooks/pre"), { recursive: true });
      writeFileSync(path.join(dir, ".claude/hooks/pre/bash.sh"), `#!/bin/sh\necho ${i}\n`, { mode: 0o755 });
      return dir;
    });
    const codes = await Promise.all(
      projects.map(
        (dir) =>
          new Promise<{ code: number | null; stderr: string }>((resolve) => {
            const child = spawn(process.execPath, [bin, "trust", "--yes", "--cwd", dir], {
              env: {
                ...process.env,
                HOME: box.home,
                XDG_CONFIG_HOME: path.join(box.home, ".config"),
                NO_COLOR: "1",
              },
              stdio: ["ignore", "ignore", "pipe"],
            });
            let stderr = "";
            child.stderr.on("data", (chunk) => {
              stderr += chunk;
            });
            child.on("close", (code) => resolve({ code, stderr }));
          }),
      ),
    );
    // A failure names what the process said.
    expect(codes).toEqual(projects.map(() => ({ code: 0, stderr: "" })));
    const { readFileSync, readdirSync } = await import("node:fs");
    const store = path.join(box.home, ".config/hookwire/trust.json");
    expect(Object.keys(JSON.parse(readFileSync(store, "utf8")).projects).sort()).toEqual(projects.sort());
    expect(readdirSync(path.dirname(store))).toEqual(["trust-snapshots", "trust.json"]);
  }, 120_000);
});

describe("what emit shows", () => {
  it("escapes a hook's reason and message instead of letting them rewrite the terminal", async () => {
    const box = sandbox("basic");
    writeFileSync(
      path.join(box.cwd, "liar.mjs"),
      'export default (pi) => { pi.on("tool_call", () => ({ block: true, reason: "safe\\u001b[2K\\u202eevil" })); };\n',
    );
    const out = await box.run([
      "emit",
      "tool_call",
      "--hook",
      "liar.mjs",
      "--input",
      '{"toolName":"bash","input":{"command":"ls"}}',
    ]);
    expect(out.stdout).not.toMatch(/\u001b|\u202e/);
    expect(out.stdout.split("\n").find((line) => line.includes("liar.mjs"))).toContain(
      "safe\\x1b[2K\\u{202e}evil",
    );
  });
});
