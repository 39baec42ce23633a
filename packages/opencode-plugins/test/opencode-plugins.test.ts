import { existsSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { HookError } from "@hookwire/core";
import { type DiscoverOptions, discoverAndLoadHooks, HOOK_FORMATS, trustProject } from "@hookwire/loader";
import { describe, expect, it } from "vitest";
import { opencodePlugins } from "../src/index.js";
import { normalise, sessionlessRunner, tempDir } from "./helpers.js";

/** A project and a home, each with its own files; discovery reads nothing else (no settings files). */
async function layout() {
  const root = await tempDir("hookwire-opencode-");
  const cwd = path.join(root, "project");
  const home = path.join(root, "home");
  await mkdir(cwd, { recursive: true });
  await mkdir(home, { recursive: true });
  const put = async (base: string, file: string, text: string) => {
    const full = path.join(base, file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, text);
    return full;
  };
  const options: DiscoverOptions = {
    home,
    formats: HOOK_FORMATS,
    pluginRuntimes: { opencode: async () => opencodePlugins },
    trustStore: path.join(root, "trust.json"),
    fsCache: false,
    settingsSources: [],
    env: {},
  };
  const show = (text: string) => normalise(normalise(text, cwd, "<project>"), home, "<home>");
  return {
    cwd,
    home,
    options,
    show,
    project: (file: string, text: string) => put(cwd, file, text),
    user: (file: string, text: string) => put(home, file, text),
  };
}

const tagger = (tag: string) =>
  `export const P = async () => ({ "tool.execute.before": async (_i, o) => { o.args.trail = [...(o.args.trail ?? []), "${tag}"] } })\n`;

const call = (command: string) => ({
  type: "tool_call" as const,
  toolName: "bash",
  toolCallId: "c1",
  input: { command },
});

describe("OpenCode plugin discovery", () => {
  it("finds user plugins first, then the project's: opencode.json lists before plugin/ and plugins/", async () => {
    const t = await layout();
    await t.user(".config/opencode/plugin/u.ts", tagger("user-plugin"));
    await t.user(".config/opencode/opencode.json", JSON.stringify({ plugin: ["./listed/u.js"] }));
    await t.user(".config/opencode/listed/u.js", tagger("user-listed"));
    await t.project(".opencode/plugins/b.js", tagger("plugins-b"));
    await t.project(".opencode/plugin/a.ts", tagger("plugin-a"));
    await t.project("opencode.json", JSON.stringify({ plugin: [["./tools/p.ts", { x: 1 }]] }));
    await t.project("tools/p.ts", tagger("listed"));
    const result = await discoverAndLoadHooks([], t.cwd, { ...t.options, trust: "all" });
    expect(result.errors).toEqual([]);
    expect(result.hooks.map((hook) => [hook.path, hook.source.provider, hook.source.level])).toEqual([
      ["~/.config/opencode/listed/u.js", "opencode", "user"],
      ["~/.config/opencode/plugin/u.ts", "opencode", "user"],
      ["tools/p.ts", "opencode", "project"],
      [".opencode/plugin/a.ts", "opencode", "project"],
      [".opencode/plugins/b.js", "opencode", "project"],
    ]);
    const outcome = await sessionlessRunner(result.hooks, t.cwd).emit(call("ls"));
    expect(outcome.input.trail).toEqual(["user-listed", "user-plugin", "listed", "plugin-a", "plugins-b"]);
  });

  it("takes only .ts and .js from the plugin folders, as opencode's glob does", async () => {
    const t = await layout();
    await t.project(".opencode/plugin/a.mjs", tagger("mjs"));
    await t.project(".opencode/plugin/README.md", "# notes");
    await t.project(".opencode/plugin/b.cts", tagger("cts"));
    const result = await discoverAndLoadHooks([], t.cwd, { ...t.options, trust: "all" });
    expect(result.hooks).toEqual([]);
    expect(result.errors).toEqual([]);
  });

  it("reports an npm plugin that is not installed as a load error and runs the rest", async () => {
    const t = await layout();
    await t.project(
      "opencode.json",
      `// comments are fine (JSONC)\n{ "plugin": ["opencode-helicone-session@1.2.0", "./p.ts"], }`,
    );
    await t.project("p.ts", tagger("local"));
    const result = await discoverAndLoadHooks([], t.cwd, { ...t.options, trust: "all" });
    expect(result.hooks.map((hook) => hook.path)).toEqual(["p.ts"]);
    expect(result.errors.map((e) => [e.error.reason, t.show(e.error.message)])).toMatchInlineSnapshot(`
      [
        [
          "plugin-unavailable",
          "OpenCode plugin not loaded: \`plugin[0]\` of \`<project>/opencode.json\`: npm plugin \`opencode-helicone-session@1.2.0\` is not installed; hookwire does not install plugins. Install it next to the config (\`npm install opencode-helicone-session\` in \`<project>\`) or list its file path instead.",
        ],
      ]
    `);
  });

  it("loads an npm plugin installed next to the config, from its package exports", async () => {
    const t = await layout();
    await t.project(".opencode/opencode.json", JSON.stringify({ plugin: ["@acme/guard@^2"] }));
    await t.project(
      ".opencode/node_modules/@acme/guard/package.json",
      JSON.stringify({ name: "@acme/guard", type: "module", exports: { "./server": "./server.js" } }),
    );
    await t.project(".opencode/node_modules/@acme/guard/server.js", tagger("npm"));
    const result = await discoverAndLoadHooks([], t.cwd, { ...t.options, trust: "all" });
    expect(result.errors).toEqual([]);
    expect(result.hooks.map((hook) => hook.path)).toEqual([".opencode/node_modules/@acme/guard/server.js"]);
  });

  it("never loads hookwire's own plugin as a hook, by npm name (installed or not), path, file: URL or folder", async () => {
    const t = await layout();
    const own = ".opencode/node_modules/@hookwire/opencode";
    await t.project(
      `${own}/package.json`,
      JSON.stringify({ name: "@hookwire/opencode", main: "./dist/index.js" }),
    );
    const entry = await t.project(`${own}/dist/index.js`, tagger("own"));
    await t.project("vendor/hw/package.json", JSON.stringify({ name: "@hookwire/opencode", main: "./i.js" }));
    await t.project("vendor/hw/i.js", tagger("own-copy"));
    await t.user(
      ".config/opencode/opencode.json",
      JSON.stringify({ plugin: ["@hookwire/opencode@9.9.9", `file://${entry}`] }),
    );
    await t.project(
      "opencode.json",
      JSON.stringify({ plugin: ["@hookwire/opencode", entry, "./vendor/hw", "./p.ts"] }),
    );
    await t.project("p.ts", tagger("local"));
    const result = await discoverAndLoadHooks([], t.cwd, { ...t.options, trust: "all" });
    expect(result.errors).toEqual([]);
    expect(result.hooks.map((hook) => hook.path)).toEqual(["p.ts"]);
    // A plugin of the same package name that is not hookwire's own npm name still needs its package.json to say so.
    const outcome = await sessionlessRunner(result.hooks, t.cwd).emit(call("ls"));
    expect(outcome).toMatchObject({ input: { command: "ls", trail: ["local"] } });
  });

  it("names the entry and the file for a malformed plugin list", async () => {
    const t = await layout();
    await t.project("opencode.json", JSON.stringify({ plugin: [42, ["./p.ts", "not options"]] }));
    await t.project(".opencode/opencode.json", JSON.stringify({ plugin: "./p.ts" }));
    await t.project("opencode.jsonc", "{ plugin: [");
    const result = await discoverAndLoadHooks([], t.cwd, { ...t.options, trust: "all" });
    expect(result.errors.map((e) => t.show(e.error.message))).toMatchInlineSnapshot(`
      [
        "OpenCode plugin not loaded: \`plugin[0]\` must be a plugin name or path, or ["name", { options }], got 42.",
        "OpenCode plugin not loaded: \`plugin[1]\` must be a plugin name or path, or ["name", { options }], got ["./p.ts","not options"].",
        "OpenCode plugin not loaded: \`<project>/opencode.jsonc\` is not valid JSON: InvalidSymbol at offset 2.",
        "OpenCode plugin not loaded: \`plugin\` in \`<project>/.opencode/opencode.json\` must be an array, got string.",
      ]
    `);
  });

  it("does not let an npm name walk out of node_modules, and escapes what it shows", async () => {
    const t = await layout();
    await t.project("evil/index.js", tagger("evil"));
    await t.project("opencode.json", JSON.stringify({ plugin: ["x/../../../evil", "\u001b[31mred"] }));
    const result = await discoverAndLoadHooks([], t.cwd, { ...t.options, trust: "all" });
    expect(result.hooks).toEqual([]);
    expect(result.errors.map((e) => t.show(e.error.message))).toMatchInlineSnapshot(`
      [
        "OpenCode plugin not loaded: \`plugin[0]\` of \`<project>/opencode.json\`: \`x/../../../evil\` is neither a path (./x.ts) nor an npm package name.",
        "OpenCode plugin not loaded: \`plugin[1]\` of \`<project>/opencode.json\`: \`\\x1b[31mred\` is neither a path (./x.ts) nor an npm package name.",
      ]
    `);
  });

  it("refuses an opencode.json that is a device, without hanging", async () => {
    const t = await layout();
    await symlink("/dev/zero", path.join(t.cwd, "opencode.json"));
    const result = await discoverAndLoadHooks([], t.cwd, { ...t.options, trust: "all" });
    expect(result.errors.map((e) => t.show(e.error.message))).toEqual([
      expect.stringMatching(
        /^OpenCode plugin not loaded: `<project>\/opencode.json` is a (character )?device/,
      ),
    ]);
  });
});

describe("a repository cannot switch off the user's OpenCode plugins", () => {
  it.each([
    ["a file URL with a host", '"file://evil/x.js"'],
    ["a NUL byte", '"./x\\u0000.js"'],
    ["a 100,000-deep array", `${"[".repeat(100_000)}${"]".repeat(100_000)}`],
  ])("keeps them when the project's opencode.json holds %s", async (_name, entry) => {
    const t = await layout();
    await t.user(".config/opencode/plugin/user.js", tagger("user"));
    await t.project("opencode.json", `{"plugin": [${entry}]}`);
    const loaded = await discoverAndLoadHooks([], t.cwd, t.options);
    expect(loaded.hooks.map((hook) => hook.path)).toEqual(["~/.config/opencode/plugin/user.js"]);
    expect(loaded.warnings.filter((w) => w.kind === "provider")).toEqual([]);
    expect((await sessionlessRunner(loaded.hooks, t.cwd).emit(call("ls"))).input.trail).toEqual(["user"]);
  });
});

describe("OpenCode plugins and trust", () => {
  it("loads project plugins only once the project is trusted; user plugins always", async () => {
    const t = await layout();
    await t.project(".opencode/plugin/guard.ts", tagger("project"));
    await t.user(".config/opencode/plugins/mine.ts", tagger("user"));
    const before = await discoverAndLoadHooks([], t.cwd, t.options);
    expect(before.hooks.map((hook) => hook.path)).toEqual(["~/.config/opencode/plugins/mine.ts"]);
    expect(before.skipped.map((item) => item.path)).toEqual([".opencode/plugin/guard.ts"]);
    await trustProject(t.cwd, t.options);
    const after = await discoverAndLoadHooks([], t.cwd, t.options);
    expect(after.hooks.map((hook) => hook.path)).toEqual([
      "~/.config/opencode/plugins/mine.ts",
      ".opencode/plugin/guard.ts",
    ]);
  });

  it("does not import a project plugin edited after trust, nor a helper beside it", async () => {
    const t = await layout();
    await t.project(".opencode/plugin/guard.ts", tagger("project"));
    const helper = await t.project(".opencode/plugin/lib/helper.ts", "export const x = 1;\n");
    await trustProject(t.cwd, t.options);
    await writeFile(helper, "export const x = 2;\n");
    const result = await discoverAndLoadHooks([], t.cwd, t.options);
    expect(result.hooks).toEqual([]);
    expect(result.trust.trusted).toBe(false);
    const plugin = await t.project(".opencode/plugin/guard.ts", tagger("project"));
    await trustProject(t.cwd, t.options);
    const loaded = await discoverAndLoadHooks([], t.cwd, t.options);
    await writeFile(plugin, `${tagger("evil")}// edited after trust\n`);
    expect(loaded.trust.guard).toBeDefined();
    expect(() => loaded.trust.guard?.module(plugin)).toThrow(/edited/);
  });

  it("fingerprints the file an opencode.json entry names", async () => {
    const t = await layout();
    await t.project("opencode.json", JSON.stringify({ plugin: ["./tools/p.ts"] }));
    const target = await t.project("tools/p.ts", tagger("listed"));
    await trustProject(t.cwd, t.options);
    expect((await discoverAndLoadHooks([], t.cwd, t.options)).hooks).toHaveLength(1);
    await writeFile(target, tagger("changed"));
    expect((await discoverAndLoadHooks([], t.cwd, t.options)).trust.trusted).toBe(false);
  });
});

describe("OpenCode plugin modules", () => {
  async function loadOne(source: string, file = ".opencode/plugin/p.ts") {
    const t = await layout();
    await t.project(file, source);
    const result = await discoverAndLoadHooks([], t.cwd, { ...t.options, trust: "all" });
    return { t, result, runner: sessionlessRunner(result.hooks, t.cwd) };
  }

  it("loads, with one warning naming the hooks hookwire does not run and why", async () => {
    const { result } = await loadOne(`export const P = async () => ({
  "shell.env": async () => {}, "chat.params": async () => {}, "made.up": async () => {},
  "tool.execute.before": async () => {},
})`);
    expect(result.errors).toEqual([]);
    expect(result.hooks[0]?.warnings.map((w) => [w.code, w.message])).toMatchInlineSnapshot(`
      [
        [
          "OPENCODE_HOOK_UNSUPPORTED",
          "OpenCode plugin \`.opencode/plugin/p.ts\` uses hooks hookwire does not run: "shell.env" (hookwire's tools take no environment from hooks; a host that wants it emits its own event); "chat.params" (model parameters belong to the host's provider layer; hookwire's before_provider_request is provider-shaped); "made.up" (not an opencode hook hookwire knows). The other hooks run.",
        ],
      ]
    `);
  });

  it("fails a module whose export is not a plugin, naming the export", async () => {
    const { result } = await loadOne(`export const VERSION = "1";\nexport const P = async () => ({});\n`);
    expect(result.errors.map((e) => [e.error.reason, e.error.message])).toMatchInlineSnapshot(`
      [
        [
          "invalid-exports",
          "Hook module \`.opencode/plugin/p.ts\` is not an OpenCode plugin: it export \`VERSION\` is string; every export of a plugin module must be a plugin function (opencode: "Plugin export is not a function").",
        ],
      ]
    `);
  });

  it("fails a factory that resolves to something other than hooks", async () => {
    const { result } = await loadOne(`export const P = async () => "hooks";\n`);
    expect(result.errors[0]?.error.reason).toBe("factory-failed");
    expect(result.errors[0]?.error.message).toMatch(/must resolve to an object of hooks .*got string/);
  });

  it("ignores a new object assigned to output.args, as opencode does (only mutations count)", async () => {
    const { runner } = await loadOne(
      `export const P = async () => ({ "tool.execute.before": async (_i, o) => { o.args = "rm -rf /" } })\n`,
    );
    const outcome = await runner.emit(call("ls"));
    expect(outcome).toMatchObject({ block: false, inputModified: false, input: { command: "ls" } });
  });

  it("translates read/write/edit arguments to opencode's names and back", async () => {
    const { runner } = await loadOne(`export const P = async () => ({ "tool.execute.before": async (i, o) => {
  if (i.tool === "edit") { o.args.newString = o.args.oldString.toUpperCase(); o.args.seen = Object.keys(o.args).sort() }
} })\n`);
    const outcome = await runner.emit({
      type: "tool_call",
      toolName: "edit",
      toolCallId: "c1",
      input: { path: "a.txt", oldText: "abc", newText: "x" },
    });
    expect(outcome.input).toEqual({
      path: "a.txt",
      oldText: "abc",
      newText: "ABC",
      seen: ["filePath", "newString", "oldString"],
    });
  });

  it("gives ctx.$ quoted interpolation: a value cannot inject a command", async () => {
    const { t, result } = await loadOne(`export const P = async ({ $ }) => {
  const name = "x; touch pwned";
  const out = await $\`echo \${name}\`.quiet();
  const failed = await $\`exit 3\`.nothrow();
  let threw = "";
  try { await $\`exit 4\` } catch (error) { threw = error.name + " " + error.exitCode }
  return { "tool.execute.before": async (_i, o) => { o.args.out = [out.text().trim(), failed.exitCode, threw] } };
}\n`);
    expect(result.errors).toEqual([]);
    const outcome = await sessionlessRunner(result.hooks, t.cwd).emit(call("ls"));
    expect(outcome.input.out).toEqual(["x; touch pwned", 3, "ShellError 4"]);
    expect(existsSync(path.join(t.cwd, "pwned"))).toBe(false);
  });

  it("rejects a use of ctx.client with a clear error, since hookwire runs no opencode server", async () => {
    const { result } = await loadOne(`export const P = async ({ client }) => {
  await client.session.list();
  return {};
}\n`);
    expect(result.errors[0]?.error.message).toMatchInlineSnapshot(
      `"Hook module \`.opencode/plugin/p.ts\` failed while its default export ran: OpenCode plugin \`.opencode/plugin/p.ts\` used ctx.client.session.list(), which needs an opencode server; hookwire runs plugins without one. The factory must register handlers without throwing."`,
    );
  });

  it("keeps the hooks of factories that ran before one threw, with a warning", async () => {
    const { result, runner } =
      await loadOne(`export const Guard = async () => ({ "tool.execute.before": async () => { throw new Error("no") } })
export const Later = async () => { throw new Error("second failed") }\n`);
    expect(result.hooks[0]?.warnings.map((w) => w.message)).toEqual([
      "OpenCode plugin `.opencode/plugin/p.ts`: factory 2 of 2 threw (second failed); the 1 before it run, the rest do not.",
    ]);
    expect(await runner.emit(call("ls"))).toMatchObject({ block: true, reason: "no" });
  });

  it("maps event, dispose and experimental.session.compacting onto native events", async () => {
    const { runner } = await loadOne(`const seen = [];
export const P = async () => ({
  event: async ({ event }) => { seen.push(event.type) },
  dispose: async () => { seen.push("dispose") },
  "experimental.session.compacting": async (input, output) => { output.context.push("keep " + seen.join(",") + " " + typeof input.sessionID) },
})\n`);
    const errors: HookError[] = [];
    runner.onError((error) => errors.push(error));
    await runner.emit({ type: "session_start", reason: "startup" });
    await runner.emit({ type: "agent_end", messages: [] });
    expect(await runner.emit({ type: "session.compacting", sessionId: "s1", messages: [] })).toEqual({
      context: ["keep session.created,session.idle string"],
    });
    await runner.emit({ type: "session_shutdown", reason: "quit" });
    expect(errors).toEqual([]);
  });
});
