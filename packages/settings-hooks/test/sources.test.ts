import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultSettingsSources, readSettingsFile } from "../src/index.js";

let root: string;
let home: string;
let cwd: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "hookwire-sources-"));
  home = join(root, "home");
  cwd = join(root, "project");
  await mkdir(cwd, { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function plugin(dir: string, name: string): Promise<void> {
  await mkdir(join(dir, name, "hooks"), { recursive: true });
  await writeFile(join(dir, name, "hooks", "hooks.json"), JSON.stringify({ hooks: {} }));
}

// The dialect source each came from is checked on its own; here, the files and their order.
const relative = (sources: ReturnType<typeof defaultSettingsSources>) =>
  sources.map(({ dialect: _dialect, spec: _spec, ...source }) => ({
    ...source,
    file: source.file.replace(root, "<root>"),
    ...(source.pluginRoot ? { pluginRoot: source.pluginRoot.replace(root, "<root>") } : {}),
    ...(source.pluginData ? { pluginData: source.pluginData.replace(root, "<root>") } : {}),
  }));

describe("defaultSettingsSources", () => {
  it("says which dialect source found each file", () => {
    const sources = defaultSettingsSources({ cwd, home, systemRoot: join(root, "system") });
    expect(sources.map((source) => [source.dialect, source.spec?.path])).toEqual([
      ["claude", ".claude/settings.json"],
      ["claude", "{appDir}/settings.json"],
      ["claude", ".claude/settings.json"],
      ["claude", "{appDir}/settings.json"],
      ["claude", ".claude/settings.local.json"],
      ["codex", "etc/codex/hooks.json"],
      ["codex", "etc/codex/config.toml"],
      ["codex", ".codex/hooks.json"],
      ["codex", ".codex/config.toml"],
      ["codex", ".codex/hooks.json"],
      ["codex", ".codex/config.toml"],
      ["gemini", "etc/gemini-cli/system-defaults.json"],
      ["gemini", ".gemini/settings.json"],
      ["gemini", ".gemini/settings.json"],
      ["gemini", "etc/gemini-cli/settings.json"],
      ["cursor", "etc/cursor/hooks.json"],
      ["cursor", ".cursor/hooks.json"],
      ["cursor", ".cursor/hooks.json"],
    ]);
  });

  it("lists user, project, local and then plugin sources in that order", async () => {
    await plugin(join(home, ".claude", "plugins"), "zeta");
    await plugin(join(home, ".claude", "plugins"), "alpha");
    await mkdir(join(home, ".claude", "plugins", "no-hooks"), { recursive: true });
    await mkdir(join(home, ".claude", "plugins", "data", "alpha"), { recursive: true });
    await plugin(join(home, ".hookwire", "plugins"), "own");
    expect(relative(defaultSettingsSources({ cwd, home, dialects: ["claude"] }))).toEqual([
      { file: "<root>/home/.claude/settings.json", scope: "user" },
      { file: "<root>/home/.hookwire/settings.json", scope: "user" },
      { file: "<root>/project/.claude/settings.json", scope: "project" },
      { file: "<root>/project/.hookwire/settings.json", scope: "project" },
      { file: "<root>/project/.claude/settings.local.json", scope: "local" },
      {
        file: "<root>/home/.claude/plugins/alpha/hooks/hooks.json",
        scope: "plugin",
        pluginRoot: "<root>/home/.claude/plugins/alpha",
        pluginData: "<root>/home/.claude/plugins/data/alpha",
      },
      {
        file: "<root>/home/.claude/plugins/zeta/hooks/hooks.json",
        scope: "plugin",
        pluginRoot: "<root>/home/.claude/plugins/zeta",
        pluginData: "<root>/home/.claude/plugins/data/zeta",
      },
      {
        file: "<root>/home/.hookwire/plugins/own/hooks/hooks.json",
        scope: "plugin",
        pluginRoot: "<root>/home/.hookwire/plugins/own",
        pluginData: "<root>/home/.hookwire/plugins/data/own",
      },
    ]);
  });

  it("adds one user and one project file per app dir", () => {
    const files = defaultSettingsSources({ cwd, home, appDirs: [".pi", ".acme"], dialects: ["claude"] }).map(
      (source) => source.file.replace(root, "<root>"),
    );
    expect(files).toEqual([
      "<root>/home/.claude/settings.json",
      "<root>/home/.pi/settings.json",
      "<root>/home/.acme/settings.json",
      "<root>/project/.claude/settings.json",
      "<root>/project/.pi/settings.json",
      "<root>/project/.acme/settings.json",
      "<root>/project/.claude/settings.local.json",
    ]);
  });

  it("lists the home folder's settings once, as user settings, when run from the home folder", () => {
    const files = defaultSettingsSources({ cwd: `${home}/`, home, dialects: ["claude"] }).map(
      (source) => `${source.scope} ${source.file.replace(root, "<root>")}`,
    );
    expect(files).toEqual([
      "user <root>/home/.claude/settings.json",
      "user <root>/home/.hookwire/settings.json",
      "local <root>/home/.claude/settings.local.json",
    ]);
  });

  it("reads every default source of a project that has none of them as absent", async () => {
    const sources = defaultSettingsSources({ cwd, home, systemRoot: join(root, "system") });
    const results = await Promise.all(sources.map(readSettingsFile));
    expect(results.map((result) => [result.exists, result.issues.length])).toEqual(
      results.map(() => [false, 0]),
    );
    expect(results).toHaveLength(18);
  });

  it("reads a project file it lists", async () => {
    await mkdir(join(cwd, ".claude"), { recursive: true });
    await writeFile(
      join(cwd, ".claude", "settings.json"),
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "x" }] }] } }),
    );
    const project = defaultSettingsSources({ cwd, home })[2]!;
    const result = await readSettingsFile(project);
    expect(result.exists).toBe(true);
    expect(result.handlers[0]).toMatchObject({ scope: "project", event: "Stop" });
  });
});
