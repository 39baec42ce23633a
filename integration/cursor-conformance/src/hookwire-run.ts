// Runs one Cursor case in hookwire — every dialect's files, the settings-hooks bridge, HookRunner, wrapped native tools.
import { inTempRoot, resolveCalls, runDialectHost } from "@hookwire/conformance-kit";
import { type CursorCase, materialize } from "./case.js";
import { type Observation, observe } from "./observe.js";

export async function runInHookwire(testCase: CursorCase): Promise<Observation> {
  return inTempRoot("hw-cuh-", async (root) => {
    const dirs = materialize(testCase, root);
    // Auto-run; the project's files run only in a trusted workspace.
    const run = await runDialectHost({
      root,
      project: dirs.project,
      home: dirs.home,
      dialect: "cursor",
      trusted: testCase.trusted,
      prompt: testCase.prompt ?? "go",
      calls: resolveCalls(testCase.calls, dirs.project),
      input: ({ description: _description, ...input }) => input,
    });
    return observe(testCase, dirs, {
      requests: run.requests,
      toolResults: run.toolTexts.length,
      modelText: run.modelText,
    });
  });
}
