import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type DiscoverOptions,
  discoverAndLoadHooks,
  HOOK_FORMATS,
  projectTrustStatus,
} from "../src/index.js";
import { tempDir } from "./helpers/fixtures.js";
import { sessionlessRunner } from "./helpers/runner.js";

/** A project with the user's own guard in `~/.pi/hooks`: it blocks `rm -rf`, whatever the repository holds. */
async function guarded() {
  const root = await tempDir();
  const cwd = path.join(root, "project");
  const home = path.join(root, "home");
  await mkdir(path.join(home, ".pi/hooks"), { recursive: true });
  await mkdir(cwd, { recursive: true });
  await writeFile(
    path.join(home, ".pi/hooks/guard.mjs"),
    'export default (pi) => pi.on("tool_call", (e) => /rm -rf/.test(String(e.input.command)) ? { block: true, reason: "user guard" } : undefined);\n',
  );
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(cwd, file)), { recursive: true });
    await writeFile(path.join(cwd, file), text);
  };
  const options: DiscoverOptions = {
    home,
    formats: HOOK_FORMATS,
    trustStore: path.join(root, "trust.json"),
    fsCache: path.join(root, "cache"),
  };
  /** What `rm -rf /` meets: the user's guard must still block it. */
  const rmRf = async () => {
    const loaded = await discoverAndLoadHooks([], cwd, options);
    const outcome = await sessionlessRunner(loaded.hooks, cwd).emitToolCall({
      toolName: "bash",
      toolCallId: "1",
      input: { command: "rm -rf /" },
    });
    return { loaded, outcome, warnings: loaded.warnings.map((w) => w.message.replaceAll(cwd, "<project>")) };
  };
  return { root, cwd, home, write, options, rmRf };
}

describe("a repository cannot switch off, crash or hang the user's own hooks", () => {
  it.each([".pi/hooks", ".claude/hooks/pre", ".codex/hooks", ".opencode/plugin"])(
    "keeps the user's guard when %s is a link loop, and names the folder",
    async (folder) => {
      const { cwd, rmRf } = await guarded();
      await mkdir(path.dirname(path.join(cwd, folder)), { recursive: true });
      await symlink(path.basename(folder), path.join(cwd, folder));
      const { outcome, warnings } = await rmRf();
      expect(outcome).toMatchObject({ block: true, reason: "user guard" });
      expect(warnings).toContain(
        `\`<project>/${folder}\` was not read (it is a link loop); its hooks were skipped.`,
      );
    },
  );

  it("refuses a trusted project's modules and helpers under a package.json that is a FIFO, and the user's guard still blocks", async () => {
    // Node reads the nearest package.json before importing a module; reading a FIFO never finishes, and it held
    // the thread that tried for good (found by the hostile-tree property).
    const { cwd, write, options, home } = await guarded();
    await write(".pi/hooks/project.js", 'export default (pi) => pi.on("tool_call", () => undefined);\n');
    await write(".pi/hooks/other.mjs", 'export default (pi) => pi.on("tool_call", () => undefined);\n');
    // A TypeScript module runs in the runner, but the JavaScript helper it imports is Node's to import: in a plain
    // Node host that blocked its main thread for good.
    await write(
      ".pi/hooks/typed.ts",
      'import { x } from "../../lib/helper.js";\nexport default (pi) => pi.on("tool_call", () => x);\n',
    );
    await write("lib/helper.js", "export const x = undefined;\n");
    execFileSync("mkfifo", [path.join(cwd, "package.json")]);
    const loaded = await discoverAndLoadHooks([], cwd, { ...options, trust: "all" });
    expect(loaded.hooks.map((hook) => hook.path)).toEqual(["~/.pi/hooks/guard.mjs"]);
    expect(
      loaded.errors.map((e) => [e.path, e.error.message.replaceAll(cwd, "<project>").replaceAll(home, "~")]),
    ).toMatchInlineSnapshot(`
      [
        [
          ".pi/hooks/other.mjs",
          "Hook module \`.pi/hooks/other.mjs\` could not be imported: <project>/package.json is not a regular file; Node reads the package.json nearest a module before importing it, and reading this one would never finish. Remove it or make it a regular file. Fix the module so it evaluates, then reload.",
        ],
        [
          ".pi/hooks/project.js",
          "Hook module \`.pi/hooks/project.js\` could not be imported: <project>/package.json is not a regular file; Node reads the package.json nearest a module before importing it, and reading this one would never finish. Remove it or make it a regular file. Fix the module so it evaluates, then reload.",
        ],
        [
          ".pi/hooks/typed.ts",
          "Hook module \`.pi/hooks/typed.ts\` could not be imported: \`../../lib/helper.js\` from \`<project>/.pi/hooks/typed.ts\`: <project>/package.json is not a regular file; Node reads the package.json nearest a module before importing it, and reading this one would never finish. Remove it or make it a regular file. Fix the module so it evaluates, then reload.",
        ],
      ]
    `);
    const outcome = await sessionlessRunner(loaded.hooks, cwd).emitToolCall({
      toolName: "bash",
      toolCallId: "1",
      input: { command: "rm -rf /" },
    });
    expect(outcome).toMatchObject({ block: true, reason: "user guard" });
  });

  it("refuses a settings file with a 100,000-deep array in a handler field, and the user's hooks run", async () => {
    const { write, rmRf } = await guarded();
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    await write(
      ".claude/settings.json",
      `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x","args":${deep}}]}]}}`,
    );
    const { outcome, warnings } = await rmRf();
    expect(outcome).toMatchObject({ block: true });
    expect(warnings).toEqual([
      "The settings file nests arrays or objects more than 64 levels deep; no settings file needs that, so it was not read.",
    ]);
  });

  it.each([".mjs", ".ts"])(
    "fails a %s hook module nested 100,000 deep as a load error, not a crashed host",
    async (ext) => {
      const { cwd, write, options } = await guarded();
      await write(`.pi/hooks/deep${ext}`, `export default ${"[".repeat(100_000)}${"]".repeat(100_000)};\n`);
      const loaded = await discoverAndLoadHooks([], cwd, { ...options, trust: "all" });
      expect(loaded.errors.map((e) => e.error.shortMessage)).toEqual([
        `Hook module \`.pi/hooks/deep${ext}\` could not be imported: it nests brackets, braces or parentheses more than 1024 levels deep, which hookwire does not parse. Fix the module so it evaluates, then reload.`,
      ]);
    },
  );

  it("reads a settings command over a chain of 6,000 imports without overflowing, and says where it stopped", async () => {
    const { cwd, write, options } = await guarded();
    await mkdir(path.join(cwd, "chain"));
    await Promise.all(
      Array.from({ length: 6000 }, (_, i) =>
        writeFile(path.join(cwd, `chain/a${i}.mjs`), `import "./a${i + 1}.mjs";\n`),
      ),
    );
    await write("chain/a6000.mjs", "export {};\n");
    await write(
      ".claude/settings.json",
      JSON.stringify({
        hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "node chain/a0.mjs" }] }] },
      }),
    );
    const status = await projectTrustStatus(cwd, options);
    expect(status.items.length).toBeGreaterThan(256);
    expect(status.unfingerprinted.map((u) => u.reason)).toEqual([
      "`chain/a256.mjs`: its imports nest deeper than 256 files; the rest are not fingerprinted",
    ]);
  }, 60_000);

  it("reads package scripts that each run the next level six times once each", async () => {
    const { cwd, write, options } = await guarded();
    // Read naively, 6^7 = 279,936 script expansions.
    const scripts: Record<string, string> = {};
    for (let level = 0; level < 7; level++) {
      scripts[`s${level}`] = Array.from({ length: 6 }, () => `npm run s${level + 1}`).join(" && ");
    }
    scripts.s7 = "sh leaf.sh";
    await write("package.json", JSON.stringify({ scripts }));
    await write("leaf.sh", "exit 0\n");
    await write(
      ".claude/settings.json",
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "npm run s0" }] }] } }),
    );
    const status = await projectTrustStatus(cwd, options);
    expect(status.items).toContain("script leaf.sh");
  });

  it("keeps the settings cache bounded when an untrusted repository has thousands of handlers", async () => {
    const { root, write, rmRf } = await guarded();
    const hooks = Array.from({ length: 2000 }, (_, i) => ({ type: "command", command: `echo ${i}` }));
    await write(".claude/settings.json", JSON.stringify({ hooks: { PreToolUse: [{ hooks }] } }));
    await rmRf();
    await rmRf();
    expect(readdirSync(path.join(root, "cache/hookwire-settings")).length).toBeLessThanOrEqual(512);
  }, 60_000);

  it("opens at most 64 of 12,000 .github/hooks/*.json files", async () => {
    const { cwd, write, rmRf } = await guarded();
    await write(".github/hooks/h00000.json", "{}");
    await Promise.all(
      Array.from({ length: 12_000 }, (_, i) =>
        writeFile(path.join(cwd, `.github/hooks/h${String(i).padStart(5, "0")}.json`), "{}"),
      ),
    );
    const { loaded, outcome } = await rmRf();
    expect(outcome).toMatchObject({ block: true });
    expect(loaded.settings.files.filter((file) => file.source.file.includes(".github/hooks/"))).toHaveLength(
      64,
    );
  }, 120_000);
});
