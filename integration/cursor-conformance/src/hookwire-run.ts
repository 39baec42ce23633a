// Runs one Cursor case in hookwire — every dialect's files, the settings-hooks bridge, HookRunner, wrapped native tools.
import { randomUUID } from "node:crypto";
import path from "node:path";
import {
  END_RUN,
  inTempRoot,
  nativeTools,
  resolveCalls,
  runAgentLoop,
  startHost,
  textOf,
} from "@hookwire/conformance-kit";
import { errorMessage } from "@hookwire/core";
import {
  createSettingsHooks,
  defaultSettingsSources,
  readSettingsFile,
  SessionEnvironment,
} from "@hookwire/settings-hooks";
import { ToolDeferredError, wrapTools } from "@hookwire/tool-wrapper";
import { nativeToolName, toNativeInput } from "../../../packages/settings-hooks/src/dialect/tools.js";
import { cursorTools } from "../../../packages/settings-hooks/src/dialects/cursor/tools.js";
import { type CursorCase, materialize } from "./case.js";
import { type Observation, observe } from "./observe.js";

export async function runInHookwire(testCase: CursorCase): Promise<Observation> {
  return inTempRoot("hw-cuh-", async (root) => {
    const dirs = materialize(testCase, root);
    // The project's files run only in a trusted workspace.
    const sources = defaultSettingsSources({ cwd: dirs.project, home: dirs.home }).filter(
      (source) => testCase.trusted !== false || source.scope === "user",
    );
    const results = await Promise.all(sources.map(readSettingsFile));
    const sessionEnv = new SessionEnvironment(path.join(root, "session-env"));
    const hooks = await createSettingsHooks(
      results.flatMap((result) => result.handlers),
      {
        sessionEnv,
        cwd: dirs.project,
        sessionId: randomUUID(),
        permissionMode: "bypassPermissions",
        outputDir: path.join(root, "output"),
        transcriptDir: path.join(root, "transcripts"),
      },
    );
    const host = startHost([hooks], dirs.project);
    // Auto-run: every call the hooks let through runs ("ask" without a UI is denied).
    const tools = new Map(
      wrapTools(
        nativeTools(dirs.project, () => sessionEnv.prelude()),
        host.runner,
        { defaultMode: "allow" },
      ).map((t) => [t.name, t]),
    );
    const run = await runAgentLoop(host, {
      prompt: testCase.prompt ?? "go",
      calls: resolveCalls(testCase.calls, dirs.project),
      promptAfterAbort: true,
      runCall: async (call, index) => {
        const name = nativeToolName(cursorTools, call.tool);
        const tool = tools.get(name);
        let text: string;
        try {
          if (!tool) throw new Error(`No such tool available: ${call.tool}`);
          const { description: _description, ...input } = call.input;
          const result = await tool.execute(`call_hw_${index}`, toNativeInput(cursorTools, call.tool, input));
          text = textOf(result.content);
        } catch (error) {
          if (error instanceof ToolDeferredError) return END_RUN;
          text = errorMessage(error);
        }
        return { text, outcome: true };
      },
    });
    return observe(testCase, dirs, {
      requests: run.requests,
      toolResults: run.outcomes.length,
      modelText: run.modelText,
    });
  });
}
