// The switches that keep an agent from running hookwire's entries, read from real files at project and user level.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { silencingSwitches } from "../../src/agents.js";

function box() {
  const root = mkdtempSync(path.join(os.tmpdir(), "hookwire-silencing-"));
  const project = path.join(root, "project");
  const home = path.join(root, "home");
  const write = (base: string, file: string, text: string) => {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), text);
  };
  const found = async (agent: Parameters<typeof silencingSwitches>[0]) =>
    (await silencingSwitches(agent, { root: project, home })).map((hit) => ({
      ...hit,
      file: path.relative(root, hit.file),
    }));
  return { project, home, write, found };
}

const entry = (agent: string, event: string) => ({
  type: "command",
  command: `hookwire hook ${agent} ${event}`,
});

describe("silencingSwitches", () => {
  it("finds Claude Code's disableAllHooks in a committed project file, which silences a user-level connection too", async () => {
    const b = box();
    b.write(
      b.home,
      ".claude/settings.json",
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [entry("claude", "PreToolUse")] }] } }),
    );
    expect(await b.found("claude")).toEqual([]);
    b.write(b.project, ".claude/settings.json", '{"disableAllHooks": true}');
    b.write(b.project, ".claude/settings.local.json", '{"disableAllHooks": false}');
    expect(await b.found("claude")).toMatchInlineSnapshot(`
      [
        {
          "agent": "claude",
          "file": "project/.claude/settings.json",
          "fix": "remove disableAllHooks from that file",
          "key": "disableAllHooks",
          "says": "disableAllHooks: true turns every hook off in Claude Code, hookwire's included",
        },
      ]
    `);
  });

  it("reads Gemini CLI's hooksConfig as it merges it: the workspace's enabled decides, disabled names hookwire's command", async () => {
    const b = box();
    b.write(b.home, ".gemini/settings.json", '{"hooksConfig": {"enabled": false}}');
    expect((await b.found("gemini")).map((hit) => hit.file)).toEqual(["home/.gemini/settings.json"]);
    b.write(
      b.project,
      ".gemini/settings.json",
      '{\n // the workspace turns them back on\n "hooksConfig": {"enabled": true, "disabled": ["/usr/bin/node /x/hookwire.js hook gemini BeforeTool", "./mine.sh"]}}',
    );
    expect(await b.found("gemini")).toMatchInlineSnapshot(`
      [
        {
          "agent": "gemini",
          "file": "project/.gemini/settings.json",
          "fix": "take hookwire's commands out of hooksConfig.disabled there",
          "key": "hooksConfig.disabled",
          "says": "hooksConfig.disabled lists hookwire's entry: Gemini CLI skips it",
        },
      ]
    `);
  });

  it("finds Codex's [features] hooks = false, and a hooks.state entry that turns one of hookwire's entries off", async () => {
    const b = box();
    const hooks = {
      hooks: {
        PreToolUse: [{ hooks: [{ type: "command", command: "./mine.sh" }, entry("codex", "PreToolUse")] }],
      },
    };
    b.write(b.project, ".codex/hooks.json", JSON.stringify(hooks));
    const hooksFile = path.join(b.project, ".codex/hooks.json");
    // The user's own hook turned off is not hookwire's business; hookwire's second handler is.
    b.write(b.home, ".codex/config.toml", `[hooks.state."${hooksFile}:pre_tool_use:0:0"]\nenabled = false\n`);
    expect(await b.found("codex")).toEqual([]);
    b.write(
      b.home,
      ".codex/config.toml",
      `[features]\nhooks = false\n[hooks.state."${hooksFile}:pre_tool_use:0:1"]\nenabled = false\n`,
    );
    expect((await b.found("codex")).map((hit) => [hit.file, hit.key, hit.says])).toMatchInlineSnapshot(`
      [
        [
          "home/.codex/config.toml",
          "features.hooks",
          "features.hooks: false turns every hook off in Codex, hookwire's included",
        ],
        [
          "home/.codex/config.toml",
          "hooks.state",
          "hooks.state turns one of hookwire's entries off (enabled = false)",
        ],
      ]
    `);
  });

  it("reads nothing it cannot parse as a switch, and a file holding the wrong type says nothing", async () => {
    const b = box();
    b.write(b.project, ".claude/settings.json", '{"disableAllHooks": "true"}');
    b.write(b.home, ".claude/settings.json", "{ not json");
    b.write(b.project, ".codex/config.toml", "[features\nhooks = false");
    b.write(
      b.project,
      ".gemini/settings.json",
      '{"hooksConfig": {"disabled": "hookwire hook gemini BeforeTool"}}',
    );
    expect([...(await b.found("claude")), ...(await b.found("codex")), ...(await b.found("gemini"))]).toEqual(
      [],
    );
  });
});
