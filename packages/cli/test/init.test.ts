// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` placeholders are literal settings text here.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

describe("hookwire init", () => {
  it("writes a typed hook module and prints the commands to run next", async () => {
    const box = sandbox("misbehaving");
    const out = await box.run(["init", "guard"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "✔ wrote .hookwire/hooks/guard.ts
      Next:
        pnpm add -D @hookwire/core                                                                          # types for your editor (the hook itself runs without it)
        pnpm exec hookwire trust                                                                            # project hooks run only once you trust them
        pnpm exec hookwire emit tool_call --input '{"toolName":"bash","input":{"command":"rm -rf build"}}'  # fire one event through the new hook
      "
    `);
    const file = path.join(box.cwd, ".hookwire/hooks/guard.ts");
    expect(readFileSync(file, "utf8")).toContain('import type { HookAPI } from "@hookwire/core";');
  });

  it("runs what it scaffolded, once trusted: the module blocks rm -rf without a UI", async () => {
    const box = sandbox("misbehaving");
    await box.run(["init"]);
    await box.run(["trust", "--yes"]);
    const out = await box.run([
      "emit",
      "tool_call",
      "--input",
      '{"toolName":"bash","input":{"command":"rm -rf build"}}',
    ]);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain("✖ .hookwire/hooks/my-hook.ts  block");
  });

  it("starts with the install that gives the editor its types, in the project's package manager", async () => {
    const box = sandbox("misbehaving");
    writeFileSync(path.join(box.cwd, "yarn.lock"), "");
    const out = await box.run(["init", "--json"]);
    expect(JSON.parse(out.stdout)).toEqual({
      root: "<cwd>",
      created: [".hookwire/hooks/my-hook.ts"],
      next: [
        {
          command: "yarn add -D @hookwire/core",
          why: "types for your editor (the hook itself runs without it)",
        },
        { command: "pnpm exec hookwire trust", why: "project hooks run only once you trust them" },
        {
          command: `pnpm exec hookwire emit tool_call --input '{"toolName":"bash","input":{"command":"rm -rf build"}}'`,
          why: "fire one event through the new hook",
        },
      ],
    });
  });

  it("leaves the install step out when node_modules has the types", async () => {
    const box = sandbox("misbehaving");
    mkdirSync(path.join(box.cwd, "node_modules/@hookwire/core"), { recursive: true });
    writeFileSync(path.join(box.cwd, "node_modules/@hookwire/core/package.json"), "{}");
    const out = await box.run(["init", "--json"]);
    expect(JSON.parse(out.stdout).next[0].command).toBe("pnpm exec hookwire trust");
  });

  it("adds a settings hook and its script with --settings, next to existing settings", async () => {
    const box = sandbox("basic");
    const out = await box.run(["init", "no-force-push", "--settings"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "✔ wrote .claude/scripts/no-force-push.mjs
      ✔ wrote .claude/settings.json
      ✔ wrote .hookwire/schema/claude.json
      Next:
        pnpm add -D @hookwire/settings-hooks                                                                           # types for your editor (the hook itself runs without it)
        pnpm exec hookwire trust                                                                                       # project hooks run only once you trust them
        pnpm exec hookwire emit PreToolUse --input '{"tool_name":"Bash","tool_input":{"command":"git push --force"}}'  # fire one event through the new hook
      "
    `);
    const settings = JSON.parse(readFileSync(path.join(box.cwd, ".claude/settings.json"), "utf8"));
    expect(settings.hooks.SessionStart).toHaveLength(1);
    expect(settings.$schema).toBe("../.hookwire/schema/claude.json");
    const schema = JSON.parse(readFileSync(path.join(box.cwd, ".hookwire/schema/claude.json"), "utf8"));
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(settings.hooks.PreToolUse.at(-1)).toEqual({
      matcher: "Bash",
      hooks: [
        {
          type: "command",
          command: "node",
          args: ["${CLAUDE_PROJECT_DIR}/.claude/scripts/no-force-push.mjs"],
          timeout: 10,
        },
      ],
    });
    expect(statSync(path.join(box.cwd, ".claude/scripts/no-force-push.mjs")).mode & 0o111).not.toBe(0);
    await box.run(["trust", "--yes"]);
    const push = await box.run([
      "emit",
      "PreToolUse",
      "--input",
      '{"tool_name":"Bash","tool_input":{"command":"git push --force"}}',
    ]);
    expect(push.code).toBe(1);
    expect(push.stdout).toContain("Force-pushing is not allowed here");
  });

  it("refuses to overwrite a hook, a bad name, and settings that are not JSON", async () => {
    const box = sandbox("basic");
    await box.run(["init", "twice"]);
    expect((await box.run(["init", "twice"])).stderr).toBe(
      "hookwire: .hookwire/hooks/twice.ts already exists; pass another name (hookwire init <name>) or edit that file.\n",
    );
    expect((await box.run(["init", "../escape"])).code).toBe(2);
    writeFileSync(path.join(box.cwd, ".claude/settings.json"), "{ nope");
    const bad = await box.run(["init", "x", "--settings"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split("\n")[0]).toBe(
      "hookwire: .claude/settings.json is not valid JSON, so init cannot add to it. `hookwire doctor` shows where it breaks.",
    );
    writeFileSync(
      path.join(box.cwd, ".claude/settings.json"),
      '{"hooks": {"PreToolUse": {"matcher": "Bash"}}}',
    );
    const shape = await box.run(["init", "y", "--settings"]);
    expect(shape.code).toBe(2);
    expect(readFileSync(path.join(box.cwd, ".claude/settings.json"), "utf8")).toBe(
      '{"hooks": {"PreToolUse": {"matcher": "Bash"}}}',
    );
    expect(existsSync(path.join(box.cwd, ".claude/scripts/y.mjs"))).toBe(false);
  });
});
