// Codex's files read as the Codex dialect: hooks.json and [hooks] in config.toml, its switches, and files that must not be read.
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activeHandlers, defaultSettingsSources, formatIssues, readSettingsFile } from "../src/index.js";

let root: string;
let home: string;
let cwd: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "hookwire-codex-"));
  home = join(root, "home");
  cwd = join(root, "project");
  await mkdir(join(cwd, ".codex"), { recursive: true });
  await mkdir(join(home, ".codex"), { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const sources = () =>
  defaultSettingsSources({ cwd, home, dialects: ["codex"], systemRoot: join(root, "system") });
const readAll = () => Promise.all(sources().map(readSettingsFile));
const shown = (text: string) => text.replaceAll(root, "<root>");

const preToolUseToml = `
model = "gpt-5"

[[hooks.PreToolUse]]
matcher = "Bash"
[[hooks.PreToolUse.hooks]]
type = "command"
command = "./guard.sh"
timeout = 30
`;

describe("Codex sources", () => {
  it("lists system, user and project files, hooks.json before config.toml", () => {
    expect(sources().map((s) => `${s.scope} ${shown(s.file)}`)).toEqual([
      "system <root>/system/etc/codex/hooks.json",
      "system <root>/system/etc/codex/config.toml",
      "user <root>/home/.codex/hooks.json",
      "user <root>/home/.codex/config.toml",
      "project <root>/project/.codex/hooks.json",
      "project <root>/project/.codex/config.toml",
    ]);
  });

  it("reads inline [hooks] tables of config.toml, ignoring Codex's other settings", async () => {
    await writeFile(join(cwd, ".codex", "config.toml"), preToolUseToml);
    const results = await readAll();
    const handlers = activeHandlers(results);
    expect(handlers.map((h) => [h.dialect, h.event, h.matcher, h.config, h.jsonPath])).toEqual([
      [
        "codex",
        "PreToolUse",
        "Bash",
        { type: "command", command: "./guard.sh", timeout: 30 },
        "hooks.PreToolUse[0].hooks[0]",
      ],
    ]);
    expect(results.flatMap((r) => r.issues)).toEqual([]);
  });

  it("says where a config.toml is not TOML, and reads the other files", async () => {
    await writeFile(join(cwd, ".codex", "config.toml"), 'model = "x"\n[[hooks.PreToolUse]\n');
    await writeFile(
      join(home, ".codex", "hooks.json"),
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } }),
    );
    const results = await readAll();
    expect(activeHandlers(results).map((h) => h.event)).toEqual(["Stop"]);
    const issues = results.flatMap((r) => r.issues);
    expect(issues.map((i) => [i.code, i.line, i.column])).toEqual([["INVALID_TOML", 2, 20]]);
    expect(shown(formatIssues(issues))).toMatchInlineSnapshot(`
      "✖ Invalid TOML at line 2, column 20: expected end of table array declaration. No hooks are read from this file.
        → in <root>/project/.codex/config.toml:2:20"
    `);
  });

  it("names Codex's events in did-you-mean, and refuses handler types Codex has not", async () => {
    await writeFile(
      join(cwd, ".codex", "hooks.json"),
      JSON.stringify({
        hooks: {
          PreToolUSE: [{ hooks: [{ type: "command", command: "true" }] }],
          Stop: [
            {
              hooks: [
                { type: "http", url: "http://127.0.0.1:1/" },
                { type: "command", command: "true" },
              ],
            },
          ],
        },
      }),
    );
    const results = await readAll();
    expect(activeHandlers(results).map((h) => `${h.event} ${h.config.type}`)).toEqual(["Stop command"]);
    expect(
      results.flatMap((r) => r.issues).map((i) => `${i.code} ${i.path}: ${i.message}`),
    ).toMatchInlineSnapshot(`
      [
        "UNKNOWN_EVENT hooks.PreToolUSE: Unknown event "PreToolUSE"; did you mean "PreToolUse"? Its hooks are skipped.",
        "INVALID_HANDLER_TYPE hooks.Stop[0].hooks[0].type: Invalid handler type: expected one of "command", got "http". This handler is skipped.",
      ]
    `);
  });

  it("turns every Codex hook off with [features] hooks = false (or codex_hooks), and no Claude hook", async () => {
    await writeFile(join(cwd, ".codex", "config.toml"), preToolUseToml);
    await mkdir(join(cwd, ".claude"), { recursive: true });
    await writeFile(
      join(cwd, ".claude", "settings.json"),
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } }),
    );
    const claude = defaultSettingsSources({ cwd, home, dialects: ["claude"] });
    const both = async () => Promise.all([...claude, ...sources()].map(readSettingsFile));
    for (const feature of ["hooks", "codex_hooks"]) {
      await writeFile(join(home, ".codex", "config.toml"), `[features]\n${feature} = false\n`);
      expect(activeHandlers(await both()).map((h) => `${h.dialect} ${h.event}`)).toEqual(["claude Stop"]);
    }
    await writeFile(join(home, ".codex", "config.toml"), "[features]\nhooks = true\n");
    expect(activeHandlers(await both()).map((h) => `${h.dialect} ${h.event}`)).toEqual([
      "claude Stop",
      "codex PreToolUse",
    ]);
  });

  it("lets the closest config layer's [features] hooks decide, as Codex merges its layers", async () => {
    await writeFile(join(cwd, ".codex", "config.toml"), `[features]\nhooks = true\n${preToolUseToml}`);
    await writeFile(join(home, ".codex", "config.toml"), "[features]\nhooks = false\n");
    expect(activeHandlers(await readAll()).map((h) => `${h.scope} ${h.event}`)).toEqual([
      "project PreToolUse",
    ]);
    await writeFile(join(cwd, ".codex", "config.toml"), `[features]\ncodex_hooks = false\n${preToolUseToml}`);
    await writeFile(join(home, ".codex", "config.toml"), "[features]\nhooks = true\n");
    expect(activeHandlers(await readAll())).toEqual([]);
  });

  it("reports a [features] switch that is not a boolean", async () => {
    await writeFile(join(home, ".codex", "config.toml"), '[features]\nhooks = "off"\n');
    const issues = (await readAll()).flatMap((r) => r.issues);
    expect(issues.map((i) => `${i.code} ${i.path}: ${i.message}`)).toEqual([
      'SETTINGS_INVALID features.hooks: Invalid features.hooks: expected true or false, got "off".',
    ]);
  });

  it("turns one handler off with [hooks.state.<id>] enabled = false, by Codex's id", async () => {
    const file = join(cwd, ".codex", "hooks.json");
    const handler = (command: string) => ({ type: "command", command });
    await writeFile(
      file,
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [handler("a"), handler("b")] }] } }),
    );
    await writeFile(
      join(home, ".codex", "config.toml"),
      `[hooks.state."${file}:pre_tool_use:0:0"]\nenabled = false\n` +
        `[hooks.state."${file}:pre_tool_use:0:1"]\ntrusted_hash = "sha256:00"\n`,
    );
    const results = await readAll();
    expect(results.flatMap((r) => r.issues)).toEqual([]);
    const handlers = activeHandlers(results);
    expect(
      handlers.map((h) => [h.config.type === "command" && h.config.command, shown(h.stateId ?? "")]),
    ).toEqual([["b", "<root>/project/.codex/hooks.json:pre_tool_use:0:1"]]);
  });

  it("refuses a project config.toml that is a link to a device, without hanging", async () => {
    await symlink("/dev/zero", join(cwd, ".codex", "config.toml"));
    const issues = (await readAll()).flatMap((r) => r.issues);
    expect(issues.map((i) => i.code)).toEqual(["SETTINGS_REFUSED"]);
  });

  it("refuses a config.toml over the size cap unread", async () => {
    await writeFile(join(cwd, ".codex", "config.toml"), `# ${"x".repeat(1024 * 1024)}\n`);
    const issues = (await readAll()).flatMap((r) => r.issues);
    expect(issues.map((i) => i.code)).toEqual(["SETTINGS_REFUSED"]);
  });
});
