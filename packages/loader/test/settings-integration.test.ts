// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` placeholders are literal settings text here.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CapabilityRegistry,
  type DiscoverOptions,
  discoverAndLoadHooks,
  HOOK_FORMATS,
  trustProject,
} from "../src/index.js";
import { copyProjectFixture, tempDir } from "./helpers/fixtures.js";
import { sessionlessRunner } from "./helpers/runner.js";

async function settingsProject() {
  const { cwd, home, trustStore, show } = await copyProjectFixture("settings-project");
  const options: DiscoverOptions = {
    home,
    formats: HOOK_FORMATS,
    trustStore,
    registry: new CapabilityRegistry(),
  };
  return { cwd, home, options, show };
}

async function bashBlocked(hooks: Awaited<ReturnType<typeof discoverAndLoadHooks>>["hooks"], cwd: string) {
  const outcome = await sessionlessRunner(hooks, cwd).emitToolCall({
    toolName: "bash",
    toolCallId: "1",
    input: { command: "ls" },
  });
  return outcome?.block === true ? outcome.reason : undefined;
}

describe("discoverAndLoadHooks: settings files", () => {
  it("loads user settings, reports their issues, and skips project settings until the project is trusted", async () => {
    const { cwd, options, show } = await settingsProject();
    const result = await discoverAndLoadHooks([], cwd, options);
    expect(result.skipped.map((s) => `${s.kind} ${show(s.path)}`)).toEqual([
      "settings .claude/settings.json",
    ]);
    expect(result.settings.handlers.map((h) => `${h.scope} ${h.event} ${h.matcher}`)).toEqual([
      "user PostToolUse Read",
    ]);
    expect(
      result.warnings.map((w) => `${w.kind} ${show(w.file ?? "")}: ${w.message}`),
    ).toMatchInlineSnapshot(`
      [
        "settings <home>/.claude/settings.json: Unknown event "PreTooluse"; did you mean "PreToolUse"? Its hooks are skipped. (at hooks.PreTooluse)",
      ]
    `);
    expect(result.hooks.map((hook) => [show(hook.path), hook.source.kind])).toEqual([
      ["<home>/.claude/settings.json", "settings"],
    ]);
    expect(await bashBlocked(result.hooks, cwd)).toBeUndefined();
  });

  it("runs the project's settings hooks in the same LoadedHook once the project is trusted", async () => {
    const { cwd, options } = await settingsProject();
    const status = await trustProject(cwd, options);
    expect(status.items).toEqual(["script scripts/check.sh", "settings .claude/settings.json"]);
    const result = await discoverAndLoadHooks([], cwd, options);
    expect(result.skipped).toEqual([]);
    expect(result.hooks).toHaveLength(1);
    expect(result.settings.handlers.map((h) => `${h.scope} ${h.event}`)).toEqual([
      "user PostToolUse",
      "project PreToolUse",
    ]);
    expect(await bashBlocked(result.hooks, cwd)).toContain("bash is blocked by the project settings");
  });

  it("makes the project untrusted again when a script its settings run is edited", async () => {
    const { cwd, options } = await settingsProject();
    await trustProject(cwd, options);
    await writeFile(path.join(cwd, "scripts/check.sh"), "exit 0\n");
    const result = await discoverAndLoadHooks([], cwd, options);
    expect(result.trust.trusted).toBe(false);
    expect(await bashBlocked(result.hooks, cwd)).toBeUndefined();
  });

  it("fingerprints an exec-form script under a project folder whose path has spaces", async () => {
    const root = await tempDir("hookwire loader ");
    const cwd = path.join(root, "my project");
    await mkdir(path.join(cwd, ".claude"), { recursive: true });
    const hooks = {
      PreToolUse: [{ hooks: [{ type: "command", command: "${CLAUDE_PROJECT_DIR}/check.sh", args: [] }] }],
    };
    await writeFile(path.join(cwd, ".claude/settings.json"), JSON.stringify({ hooks }));
    await writeFile(path.join(cwd, "check.sh"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    const options: DiscoverOptions = {
      home: path.join(root, "home"),
      formats: HOOK_FORMATS,
      trustStore: path.join(root, "trust.json"),
      registry: new CapabilityRegistry(),
    };
    const status = await trustProject(cwd, options);
    expect(status.items).toEqual(["script check.sh", "settings .claude/settings.json"]);
    await writeFile(path.join(cwd, "check.sh"), "#!/bin/sh\necho edited >&2; exit 2\n");
    const result = await discoverAndLoadHooks([], cwd, options);
    expect(result.trust.trusted).toBe(false);
    expect(await bashBlocked(result.hooks, cwd)).toBeUndefined();
  });

  it("honours a project's \"disableAllHooks\" for the project's handlers only", async () => {
    const { cwd, options } = await settingsProject();
    await writeFile(path.join(cwd, ".claude/settings.local.json"), '{ "disableAllHooks": true }\n');
    await trustProject(cwd, options);
    const result = await discoverAndLoadHooks([], cwd, options);
    expect(result.settings.disabled).toBe(true);
    expect(result.settings.handlers.map((handler) => handler.scope)).toEqual(["user"]);
  });

  it("reads the settings file of a host's own app folder", async () => {
    const { cwd, options } = await settingsProject();
    await mkdir(path.join(cwd, ".myagent"), { recursive: true });
    const hooks = {
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo mine >&2; exit 2" }] }],
    };
    await writeFile(path.join(cwd, ".myagent/settings.json"), JSON.stringify({ hooks }));
    const withAppDir = { ...options, appDirs: [".myagent"] };
    await trustProject(cwd, withAppDir);
    const result = await discoverAndLoadHooks([], cwd, withAppDir);
    expect(result.settings.files.map((f) => f.source.file)).toContain(
      path.join(cwd, ".myagent/settings.json"),
    );
    expect(await bashBlocked(result.hooks, cwd)).toContain("mine");
  });

  it("reads only the settings sources it is given", async () => {
    const { cwd, home, options } = await settingsProject();
    const none = await discoverAndLoadHooks([], cwd, { ...options, settingsSources: [] });
    const user = await discoverAndLoadHooks([], cwd, {
      ...options,
      settingsSources: [{ file: path.join(home, ".claude/settings.json"), scope: "user", dialect: "claude" }],
    });
    expect([none.settings.files.length, none.hooks.length]).toEqual([0, 0]);
    expect([user.settings.files.length, user.hooks.length, user.skipped.length]).toEqual([1, 1, 0]);
  });
});
