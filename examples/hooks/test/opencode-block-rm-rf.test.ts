import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HookRunner, type ToolDefinition } from "@hookwire/core";
import { discoverAndLoadHooks } from "@hookwire/loader";
import { opencodePlugins } from "@hookwire/opencode-plugins";
import { wrapTools } from "@hookwire/tool-wrapper";
import { beforeAll, describe, expect, it } from "vitest";
import { exampleRoot } from "./harness.js";

const project = path.join(exampleRoot, "opencode");

/** The plugin as hookwire finds it in `opencode/.opencode/plugin/`, behind the wrapper of a recording bash tool. */
async function load() {
  const home = mkdtempSync(path.join(os.tmpdir(), "oc-example-home-"));
  const loaded = await discoverAndLoadHooks([], project, {
    home,
    trust: "all",
    settingsSources: [],
    formats: ["opencode"],
    pluginRuntimes: { opencode: async () => opencodePlugins },
  });
  const ran: string[] = [];
  const bash: ToolDefinition = {
    name: "bash",
    description: "Run a shell command.",
    parameters: {},
    async execute(_id, params) {
      ran.push(String(params.command));
      return { content: [{ type: "text", text: "ok" }] };
    },
  };
  const [tool] = wrapTools([bash], new HookRunner(loaded.hooks, { cwd: project }));
  return { loaded, ran, tool: tool as ToolDefinition };
}

let guarded: Awaited<ReturnType<typeof load>>;
// Loaded once: the first load starts oxc and the bash grammar, slow on a loaded machine.
beforeAll(async () => {
  guarded = await load();
}, 120_000);

function guardedBash() {
  guarded.ran.length = 0;
  return guarded;
}

describe("block-rm-rf as an OpenCode plugin", () => {
  it("is discovered in .opencode/plugin and listed with the opencode provider", async () => {
    const { loaded } = guardedBash();
    expect(loaded.errors).toEqual([]);
    expect(loaded.hooks.map((hook) => [hook.path, hook.source.provider, [...hook.handlers.keys()]])).toEqual([
      [".opencode/plugin/block-rm-rf.ts", "opencode", ["tool_call"]],
    ]);
  });

  it.each(["rm -rf build", "rm -r -f build", "sudo rm -Rf build", "bash -c 'rm -rf build'", "$RM -rf build"])(
    "blocks %j through the same runner and wrapper as the module example",
    async (command) => {
      const { tool, ran } = guardedBash();
      await expect(tool.execute("call-1", { command })).rejects.toThrow(/blocked/);
      expect(ran).toEqual([]);
    },
  );

  it("tells the model what it blocked", async () => {
    const { tool } = guardedBash();
    await expect(
      tool.execute("call-1", { command: "rm -rf build" }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ToolBlockedError: rm -rf blocked: it runs \`rm -rf build\`]`,
    );
  });

  it("lets other commands and other tools through", async () => {
    const { tool, ran } = guardedBash();
    await tool.execute("call-1", { command: "rm -f one.txt && ls" });
    expect(ran).toEqual(["rm -f one.txt && ls"]);
  });

  it("loads only once the project is trusted", async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), "oc-example-home-"));
    const trustStore = path.join(home, "trust.json");
    writeFileSync(trustStore, "{}");
    const loaded = await discoverAndLoadHooks([], project, {
      home,
      trustStore,
      settingsSources: [],
      formats: ["opencode"],
      pluginRuntimes: { opencode: async () => opencodePlugins },
    });
    expect(loaded.hooks).toEqual([]);
    expect(loaded.skipped.map((item) => item.path)).toEqual([".opencode/plugin/block-rm-rf.ts"]);
  });
});
