// Runs a case in hookwire: the same files, discovered and loaded by the loader, tools wrapped, the model's calls replayed.
import { rmSync } from "node:fs";
import { markersIn } from "@hookwire/conformance-kit";
import { errorMessage, HookRunner } from "@hookwire/core";
import { discoverAndLoadHooks } from "@hookwire/loader";
import { opencodePlugins } from "@hookwire/opencode-plugins";
import { wrapTools } from "@hookwire/tool-wrapper";
import type { PluginCase } from "./case.js";
import { nativeCall, nativeTools } from "./native-tools.js";
import { type Observation, pluginLog, projectFiles } from "./observe.js";
import { createWorkspace } from "./workspace.js";

export async function runInHookwire(testCase: PluginCase): Promise<Observation> {
  const ws = createWorkspace(testCase);
  try {
    const loaded = await discoverAndLoadHooks([], ws.project, {
      home: ws.home,
      formats: ["opencode"],
      pluginRuntimes: { opencode: async () => opencodePlugins },
      trust: "all",
      settingsSources: [],
      fsCache: false,
      env: {},
    });
    const runner = new HookRunner(loaded.hooks, { cwd: ws.project });
    const tools = new Map(wrapTools(nativeTools(ws.project), runner).map((tool) => [tool.name, tool]));
    await runner.emit({ type: "session_start", reason: "startup" });
    const results: Observation["results"] = [];
    for (const [index, call] of testCase.calls.entries()) {
      const tool = tools.get(call.tool);
      let seen: string;
      try {
        if (!tool) throw new Error(`Model tried to call unavailable tool '${call.tool}'.`);
        const result = await tool.execute(`call_${index + 1}`, nativeCall(call.args));
        seen = result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
      } catch (error) {
        seen = errorMessage(error);
      }
      results.push(markersIn(seen, testCase.markers ?? []));
    }
    await runner.emit({ type: "agent_end", messages: [] });
    await runner.emit({ type: "session_shutdown", reason: "quit" });
    return { results, log: pluginLog(ws.log, ws.root), files: projectFiles(ws.project, ws.root) };
  } finally {
    // The workspace goes with the run, as in every suite (its log and files are read above).
    rmSync(ws.root, { recursive: true, force: true });
  }
}
