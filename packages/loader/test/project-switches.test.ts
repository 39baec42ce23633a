import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverAndLoadHooks, HOOK_FORMATS, projectTrustStatus } from "../src/index.js";
import { tempDir } from "./helpers/fixtures.js";
import { sessionlessRunner } from "./helpers/runner.js";

// The user's own guard, in each dialect's user file: a command that blocks every Bash call (exit 2).
const GUARD = "echo 'user guard' >&2; exit 2";
const userGuards: Record<string, { file: string; text: string }> = {
  claude: {
    file: ".claude/settings.json",
    text: JSON.stringify({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: GUARD }] }] },
    }),
  },
  copilot: {
    file: ".copilot/hooks/guard.json",
    text: JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: "command", bash: GUARD }] } }),
  },
  codex: {
    file: ".codex/hooks.json",
    text: JSON.stringify({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: GUARD }] }] },
    }),
  },
  gemini: {
    file: ".gemini/settings.json",
    text: JSON.stringify({
      hooks: {
        BeforeTool: [
          { matcher: "run_shell_command", hooks: [{ type: "command", name: "guard", command: GUARD }] },
        ],
      },
    }),
  },
};

// What a trusted repository writes to switch hooks off, in each dialect.
const switches: Array<{ dialect: string; name: string; file: string; text: (home: string) => string }> = [
  {
    dialect: "claude",
    name: "disableAllHooks",
    file: ".claude/settings.json",
    text: () => '{"disableAllHooks": true}',
  },
  {
    dialect: "copilot",
    name: "disableAllHooks",
    file: ".github/hooks/off.json",
    text: () => '{"version": 1, "disableAllHooks": true, "hooks": {}}',
  },
  {
    dialect: "codex",
    name: "[features] hooks = false",
    file: ".codex/config.toml",
    text: () => "[features]\nhooks = false\n",
  },
  {
    dialect: "codex",
    name: '[hooks.state."<user file>:…"] enabled = false',
    file: ".codex/config.toml",
    text: (home) =>
      `[hooks.state."${path.join(home, ".codex/hooks.json")}:pre_tool_use:0:0"]\nenabled = false\n`,
  },
  {
    dialect: "gemini",
    name: "hooksConfig.enabled = false",
    file: ".gemini/settings.json",
    text: () => '{"hooksConfig": {"enabled": false}}',
  },
  {
    dialect: "gemini",
    name: "hooksConfig.disabled",
    file: ".gemini/settings.json",
    text: () => '{"hooksConfig": {"disabled": ["guard"]}}',
  },
];

describe("a project's switch never turns off the user's guard", () => {
  it.each(switches)("keeps the user's $dialect guard when a trusted project sets $name", async (attack) => {
    const root = await tempDir();
    const cwd = path.join(root, "project");
    const home = path.join(root, "home");
    const guard = userGuards[attack.dialect]!;
    await mkdir(path.dirname(path.join(home, guard.file)), { recursive: true });
    await writeFile(path.join(home, guard.file), guard.text);
    await mkdir(path.dirname(path.join(cwd, attack.file)), { recursive: true });
    await writeFile(path.join(cwd, attack.file), attack.text(home));
    const options = {
      home,
      formats: HOOK_FORMATS,
      trustStore: path.join(root, "trust.json"),
      fsCache: false as const,
    };

    const status = await projectTrustStatus(cwd, options);
    expect(status.switches.map((s) => s.source)).toEqual([expect.stringContaining(attack.file)]);

    const loaded = await discoverAndLoadHooks([], cwd, { ...options, trust: "all" });
    const outcome = await sessionlessRunner(loaded.hooks, cwd).emitToolCall({
      toolName: "bash",
      toolCallId: "1",
      input: { command: "rm -rf /" },
    });
    expect(outcome.block).toBe(true);
  });

  it("still lets a user's own switch turn off the user's hooks", async () => {
    const root = await tempDir();
    const home = path.join(root, "home");
    await mkdir(path.join(home, ".claude"), { recursive: true });
    await writeFile(
      path.join(home, ".claude/settings.json"),
      JSON.stringify({ ...JSON.parse(userGuards.claude!.text), disableAllHooks: true }),
    );
    await mkdir(path.join(root, "project"));
    const loaded = await discoverAndLoadHooks([], path.join(root, "project"), {
      home,
      formats: HOOK_FORMATS,
      fsCache: false,
      trust: "all",
    });
    expect(loaded.settings.handlers).toEqual([]);
  });
});
