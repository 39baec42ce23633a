// `hookwire connect --managed`: refused where an agent has no managed channel or the user is not root, written and
// undone exactly through Gemini CLI's own variable (as root), and the TOML part of Codex's requirements added and
// taken out by its marks.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { addTomlPart, removeTomlPart, tomlEntriesIn, tomlValue } from "../src/connect/toml-edit.js";
import { bin } from "./cli-harness.js";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

const ROOT = process.getuid?.() === 0;

describe("connect --managed refuses", () => {
  it("an agent without organisation-level settings, naming the agents that have them", async () => {
    const out = await sandbox("connect").run(["connect", "pi", "--managed"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: pi has no organisation-level settings for hookwire to write.
      --managed is for claude, codex, gemini, copilot, cursor; connect pi per project or with --user.
      "
    `);
  });

  it("--user beside --managed", async () => {
    const out = await sandbox("connect").run(["connect", "claude", "--managed", "--user"]);
    expect(out.stderr).toContain("--user does not go with --managed");
  });

  // The built binary as another user: a process's uid, which this process cannot change for one run.
  it.skipIf(!ROOT)(
    "a user other than root, saying where the agent reads the file (needs root to become another)",
    () => {
      ensureBuilt();
      const box = sandbox("connect");
      const run = spawnSync(process.execPath, [bin, "connect", "claude", "--managed"], {
        cwd: "/",
        uid: 65534,
        gid: 65534,
        env: { PATH: process.env.PATH, HOME: "/nonexistent", NO_COLOR: "1" },
        encoding: "utf8",
      });
      expect(box).toBeDefined();
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("/etc/claude-code/managed-settings.json, which only root can write");
    },
  );
});

describe.skipIf(!ROOT)(
  "connect gemini --managed through GEMINI_CLI_SYSTEM_SETTINGS_PATH (root: Gemini CLI reads only root's files)",
  () => {
    const base = path.join(os.homedir(), ".cache");
    let dir = "";
    beforeAll(() => {
      mkdirSync(base, { recursive: true, mode: 0o755 });
      dir = mkdtempSync(path.join(base, "hookwire-managed-cli-"));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("adds its entries and hooksConfig.enabled to the organisation's file, keeps its comment, and restores it byte for byte", async () => {
      const box = sandbox("connect");
      const file = path.join(dir, "settings.json");
      const ORG = '{\n  // the organisation\'s own\n  "ui": { "theme": "dark" }\n}\n';
      writeFileSync(file, ORG);
      const env = { GEMINI_CLI_SYSTEM_SETTINGS_PATH: file };
      const out = await box.run(["connect", "gemini", "--managed"], { env });
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toContain(`updated ${file}`);
      const text = readFileSync(file, "utf8");
      expect(text).toContain("// the organisation's own");
      expect(text).toContain("hook gemini BeforeTool");
      expect(text).toMatch(/"enabled": true/);
      expect((await box.run(["connect", "gemini", "--managed"], { env })).stdout).toContain(
        "already connected",
      );
      const undo = await box.run(["disconnect", "gemini", "--managed"], { env });
      expect(undo.stdout).toContain("restored");
      expect(readFileSync(file, "utf8")).toBe(ORG);
    });

    it("doctor: a project's hooksConfig.disabled naming the managed entry is an error; its hooksConfig.enabled = false is not (the system file wins)", async () => {
      const box = sandbox("connect");
      const file = path.join(dir, "doctor.json");
      const env = { GEMINI_CLI_SYSTEM_SETTINGS_PATH: file };
      expect((await box.run(["connect", "gemini", "--managed"], { env })).code).toBe(0);
      const entry = JSON.parse(readFileSync(file, "utf8")).hooks.BeforeTool[0].hooks[0].command;
      mkdirSync(path.join(box.cwd, ".gemini"), { recursive: true });
      const project = (settings: unknown) =>
        writeFileSync(path.join(box.cwd, ".gemini", "settings.json"), JSON.stringify(settings));
      project({ hooksConfig: { enabled: false } });
      expect((await box.run(["doctor"], { env })).stdout).not.toContain("✖ .gemini/settings.json");
      project({ hooksConfig: { disabled: [entry] } });
      const errors = (await box.run(["doctor"], { env })).stdout
        .split("\n")
        .filter((line) => line.startsWith("✖ .gemini"));
      expect(errors).toMatchInlineSnapshot(`
        [
          "✖ .gemini/settings.json: hooksConfig.disabled lists hookwire's entry: Gemini CLI skips it: Gemini CLI's managed settings start hookwire, and it never runs there.",
        ]
      `);
      await box.run(["disconnect", "gemini", "--managed"], { env });
    });

    it("refuses an organisation file that turns hooks off, instead of overriding it", async () => {
      const box = sandbox("connect");
      const file = path.join(dir, "off.json");
      writeFileSync(file, '{ "hooksConfig": { "enabled": false } }\n');
      const out = await box.run(["connect", "gemini", "--managed"], {
        env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: file },
      });
      expect(out.code).toBe(2);
      expect(out.stderr).toContain("already sets hooksConfig.enabled = false");
    });

    it("refuses a place Gemini CLI would skip (a folder others can write), before writing anything there", async () => {
      const box = sandbox("connect");
      const open = mkdtempSync(path.join(os.tmpdir(), "hookwire-open-"));
      const out = await box.run(["connect", "gemini", "--managed"], {
        env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(open, "settings.json") },
      });
      const written = readdirSync(open);
      rmSync(open, { recursive: true, force: true });
      expect(out.code).toBe(2);
      expect(out.stderr).toContain("Gemini CLI skips");
      expect(written).toEqual([]);
    });
  },
);

describe("Codex requirements.toml: hookwire's part", () => {
  const ORG = '# org\nallowed_sandbox_modes = ["read-only"] # keep\n\n[features]\nweb_search = false\n';
  const entry = {
    event: "PreToolUse",
    handler: {
      type: "command",
      command: "/usr/bin/node /opt/hookwire/bin/hookwire.js hook codex PreToolUse",
      timeout: 60,
    },
  };
  const settings = { allow_managed_hooks_only: true, "features.hooks": true };

  it("adds the switches and entries as marked lines, and removing them gives the file back", async () => {
    const next = addTomlPart(ORG, "req.toml", [entry], settings);
    const value = tomlValue(next, "req.toml");
    expect(value.allow_managed_hooks_only).toBe(true);
    expect((value.features as Record<string, unknown>).hooks).toBe(true);
    expect(tomlEntriesIn(value, "codex")).toEqual([entry]);
    expect(next).toContain("# org\n");
    expect(removeTomlPart(next, "req.toml")).toBe(ORG);
  });

  it("refuses a switch the organisation set otherwise", async () => {
    expect(() => addTomlPart("allow_managed_hooks_only = false\n", "req.toml", [entry], settings)).toThrow(
      "already sets allow_managed_hooks_only = false",
    );
  });

  it("refuses a features table written inline (no line of its own can go there)", async () => {
    expect(() => addTomlPart("features = { web_search = false }\n", "req.toml", [entry], settings)).toThrow(
      "inline or with dotted keys",
    );
  });

  it("refuses a start mark without its end mark instead of cutting the rest of the file", async () => {
    const broken = addTomlPart(ORG, "req.toml", [entry], settings).replace("# <<< hookwire\n", "");
    expect(() => removeTomlPart(broken, "req.toml")).toThrow("without its end mark");
  });
});

describe.skipIf(!ROOT)("hookwire doctor and a managed file (root)", () => {
  it("reports a managed entry whose hookwire is gone, naming the file and the fix", async () => {
    const base = path.join(os.homedir(), ".cache");
    mkdirSync(base, { recursive: true, mode: 0o755 });
    const dir = mkdtempSync(path.join(base, "hookwire-managed-doctor-"));
    const file = path.join(dir, "settings.json");
    const gone = "/nonexistent/hookwire/bin/hookwire.js";
    writeFileSync(
      file,
      JSON.stringify({
        hooks: {
          BeforeTool: [
            { hooks: [{ type: "command", command: `/usr/bin/node ${gone} hook gemini BeforeTool` }] },
          ],
        },
      }),
    );
    const out = await sandbox("connect").run(["doctor"], { env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: file } });
    rmSync(dir, { recursive: true, force: true });
    expect(out.stdout + out.stderr).toContain(`${gone} does not exist`);
    expect(out.stdout + out.stderr).toContain("connect gemini --managed");
  });
});
