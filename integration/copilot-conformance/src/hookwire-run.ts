// Runs one case in hookwire — every dialect's files, the settings-hooks bridge, HookRunner, wrapped native tools.
import { inTempRoot, resolveCalls, runDialectHost } from "@hookwire/conformance-kit";
import { type CopilotCase, materialize } from "./case.js";
import { type Observation, observe } from "./observe.js";

export async function runInHookwire(testCase: CopilotCase): Promise<Observation> {
  return inTempRoot("hw-cph-", async (root) => {
    const dirs = materialize(testCase, root);
    // --allow-all-tools; the project's files run only when it is trusted, as with --trust-folder.
    // `description` (Copilot's model must send it) has no native counterpart: it passes through.
    const run = await runDialectHost({
      root,
      project: dirs.project,
      home: dirs.home,
      dialect: "copilot",
      trusted: testCase.trusted,
      prompt: testCase.prompt ?? "go",
      calls: resolveCalls(testCase.calls, dirs.project),
    });
    return observe(testCase, dirs, run);
  });
}
