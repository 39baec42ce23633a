import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverAndLoadHooks, HOOK_FORMATS } from "../src/index.js";
import { handlerFingerprint, handlerId, setHookDisabled } from "../src/user-config.js";
import { tempDir } from "./helpers/fixtures.js";
import { sessionlessRunner } from "./helpers/runner.js";

const guard = `export default (pi) => { pi.on("tool_call", () => ({ block: true, reason: "module guard" })); };\n`;

/** A project whose module and two settings handlers all block bash: which one blocks shows what is on. */
async function project() {
  const root = await tempDir();
  const cwd = path.join(root, "project");
  const home = path.join(root, "home");
  await mkdir(path.join(cwd, ".hookwire/hooks"), { recursive: true });
  await mkdir(path.join(cwd, ".claude"), { recursive: true });
  await mkdir(home);
  await writeFile(path.join(cwd, ".hookwire/hooks/guard.js"), guard);
  const block = (reason: string) => ({ type: "command", command: `echo '${reason}' >&2; exit 2` });
  const settings = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [block("first"), block("second")] }] } };
  await writeFile(path.join(cwd, ".claude/settings.json"), JSON.stringify(settings));
  const hooksConfig = path.join(home, ".config/hookwire/hooks.json");
  const options = {
    home,
    formats: HOOK_FORMATS,
    trust: "all" as const,
    hooksConfig,
  };
  const load = async () => {
    const result = await discoverAndLoadHooks([], cwd, options);
    const outcome = await sessionlessRunner(result.hooks, cwd).emitToolCall({
      toolName: "bash",
      toolCallId: "1",
      input: { command: "ls" },
    });
    const show = (id: string) => id.replace(cwd, "<cwd>");
    return { result, reason: outcome.reason, disabled: result.disabled.map(show) };
  };
  return { cwd, hooksConfig, load, block };
}

describe("hooks the user turned off", () => {
  it("skips a module and a settings handler named in hooks.json, and says which", async () => {
    const { cwd, hooksConfig, load } = await project();
    expect((await load()).reason).toBe("module guard");
    await setHookDisabled(path.join(cwd, ".hookwire/hooks/guard.js"), true, { file: hooksConfig });
    await setHookDisabled(path.join(cwd, ".claude/settings.json#hooks.PreToolUse[0].hooks[0]"), true, {
      file: hooksConfig,
    });
    const { reason, disabled, result } = await load();
    expect(reason).toBe("second");
    expect(disabled).toEqual([
      "<cwd>/.hookwire/hooks/guard.js",
      "<cwd>/.claude/settings.json#hooks.PreToolUse[0].hooks[0]",
    ]);
    expect(result.settings.handlers.map((h) => h.jsonPath)).toEqual(["hooks.PreToolUse[0].hooks[1]"]);
  });

  it("turns off every handler under a file or group id, and on again with enable", async () => {
    const { cwd, hooksConfig, load } = await project();
    const file = path.join(cwd, ".claude/settings.json");
    await setHookDisabled(path.join(cwd, ".hookwire/hooks/guard.js"), true, { file: hooksConfig });
    await setHookDisabled(`${file}#hooks.PreToolUse[0]`, true, { file: hooksConfig });
    const off = await load();
    expect(off.reason).toBeUndefined();
    // The group's id, as configured (what `hooks enable` takes), not each of its two handlers.
    expect(off.disabled).toEqual([
      "<cwd>/.hookwire/hooks/guard.js",
      "<cwd>/.claude/settings.json#hooks.PreToolUse[0]",
    ]);
    expect((await setHookDisabled(`${file}#hooks.PreToolUse[0]`, false, { file: hooksConfig })).changed).toBe(
      true,
    );
    expect((await setHookDisabled(`${file}#hooks.PreToolUse[0]`, false, { file: hooksConfig })).changed).toBe(
      false,
    );
    expect((await load()).reason).toBe("first\nsecond");
  });

  it("leaves on a handler an edit moved under a pinned id, and says so", async () => {
    const { cwd, hooksConfig, load, block } = await project();
    await setHookDisabled(path.join(cwd, ".hookwire/hooks/guard.js"), true, { file: hooksConfig });
    const first = (await load()).result.settings.handlers[0];
    if (!first) throw new Error("no handler");
    const pins = { [handlerId(first)]: handlerFingerprint(first) };
    const id = path.join(cwd, ".claude/settings.json#hooks.PreToolUse[0].hooks[0]");
    await setHookDisabled(id, true, { file: hooksConfig, pins });
    expect((await load()).reason).toBe("second");
    // A handler inserted above: "first" moves to hooks[1], and "zeroth" now sits where the pinned id points.
    const hooks = [block("zeroth"), block("first"), block("second")];
    await writeFile(
      path.join(cwd, ".claude/settings.json"),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } }),
    );
    const { reason, result, disabled } = await load();
    expect(reason).toBe("zeroth\nfirst\nsecond");
    expect(disabled).toEqual(["<cwd>/.hookwire/hooks/guard.js"]);
    expect(
      result.warnings.filter((w) => w.kind === "config").map((w) => w.message.replace(cwd, "<cwd>")),
    ).toMatchInlineSnapshot(`
        [
          ".claude/settings.json#hooks.PreToolUse[0].hooks[0] was turned off (\`hookwire hooks disable\`) when another handler was there; the file was edited since, so the one there now stays on. \`hookwire hooks disable .claude/settings.json#hooks.PreToolUse[0].hooks[0]\` again turns off what is there now; \`hookwire hooks enable .claude/settings.json#hooks.PreToolUse[0].hooks[0]\` drops the entry.",
        ]
      `);
    // Turning it off again pins what is there now.
    const now = result.settings.handlers[0];
    if (!now) throw new Error("no handler");
    await setHookDisabled(id, true, {
      file: hooksConfig,
      pins: { [handlerId(now)]: handlerFingerprint(now) },
    });
    expect((await load()).reason).toBe("first\nsecond");
  });

  it("does not take a prefix of a name for the folder it is in", async () => {
    const { cwd, hooksConfig, load } = await project();
    // `.hookwire/hooks/gua` is neither `.hookwire/hooks/guard.js`, nor its parent.
    await setHookDisabled(path.join(cwd, ".hookwire/hooks/gua"), true, { file: hooksConfig });
    expect((await load()).reason).toBe("module guard");
  });

  it("turns nothing off and warns when hooks.json is malformed", async () => {
    const { cwd, hooksConfig, load } = await project();
    await mkdir(path.dirname(hooksConfig), { recursive: true });
    await writeFile(hooksConfig, '{"disabled": "all"}');
    const { reason, result } = await load();
    expect(reason).toBe("module guard");
    expect(
      result.warnings
        .filter((w) => w.kind === "config")
        .map((w) => w.message.replace(hooksConfig, "<config>")),
    ).toMatchInlineSnapshot(`
        [
          "The hooks config \`<config>\` must hold {"disabled": [hook ids]}, got "disabled": "all"; no hook is turned off. Fix or remove the file.",
        ]
      `);
    await expect(setHookDisabled("/x", true, { file: hooksConfig })).rejects.toThrow("no hook is turned off");
    await writeFile(
      hooksConfig,
      JSON.stringify({ disabled: [path.join(cwd, ".hookwire")], pinned: { x: 1 } }),
    );
    const pinned = await load();
    expect(pinned.reason).toBe("module guard");
    expect(pinned.result.warnings.find((w) => w.kind === "config")?.message).toContain(
      'must hold "pinned": {id: {handler id: fingerprint}}, got {"x":1}',
    );
  });
});

describe("the hooks config's other settings", () => {
  it("keeps them when a hook is turned off and on again", async () => {
    const root = await tempDir();
    const file = path.join(root, "hooks.json");
    await writeFile(file, JSON.stringify({ onFailure: "block", disabled: [] }));
    await setHookDisabled("/repo/.hookwire/hooks/a.ts", true, { file });
    await setHookDisabled("/repo/.hookwire/hooks/a.ts", false, { file });
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ onFailure: "block", disabled: [] });
  });
});
