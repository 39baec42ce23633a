// Runs one case in hookwire — the Codex dialect's sources, the settings bridge, HookRunner, HookToolWrapper — and observes it.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { inTempRoot, resolveCalls, runAgentLoop, startHost, textOf } from "@hookwire/conformance-kit";
import { errorMessage } from "@hookwire/core";
import {
  activeHandlers,
  createSettingsHooks,
  defaultSettingsSources,
  readSettingsFile,
  SessionEnvironment,
  type SettingsSource,
} from "@hookwire/settings-hooks";
import { wrapTools } from "@hookwire/tool-wrapper";
import { type CaseDirs, type ConformanceCase, materialize } from "./case.js";
import { nativeTools } from "./native-tools.js";
import { type Observation, observe, type ToolOutcome } from "./observe.js";

/**
 * The Codex files hookwire reads for this case: the dialect's sources under the case's home and project
 * (system files under an empty folder), the project's only when trusted. Codex's two gates (project
 * trust, hook review) both map onto hookwire's one: trusting the project. User files are the user's own.
 */
function codexSources(testCase: ConformanceCase, dirs: CaseDirs): SettingsSource[] {
  const trusted = testCase.trust?.project !== false && testCase.trust?.hooks !== false;
  return defaultSettingsSources({
    cwd: dirs.project,
    home: dirs.home,
    dialects: ["codex"],
    systemRoot: path.join(dirs.root, "system"),
  }).filter((source) => trusted || source.spec?.trust !== true);
}

export async function runInHookwire(testCase: ConformanceCase): Promise<Observation> {
  return inTempRoot("hw-hx-", async (root) => {
    const dirs = materialize(testCase, root);
    const results = await Promise.all(codexSources(testCase, dirs).map(readSettingsFile));
    const sessionEnv = new SessionEnvironment(path.join(root, "session-env"));
    const hooks = await createSettingsHooks(activeHandlers(results), {
      sessionEnv,
      cwd: dirs.project,
      sessionId: randomUUID(),
      permissionMode: testCase.approval ? "default" : "bypassPermissions",
      outputDir: path.join(root, "output"),
      transcriptDir: path.join(root, "transcripts"),
    });
    const host = startHost([hooks], dirs.project, {
      getModel: () => ({ provider: "fake", id: "fake-model" }),
    });
    const printed = new Map<string, string>();
    const tools = new Map(
      wrapTools(
        nativeTools(dirs.project, (id, output) => printed.set(id, output)),
        host.runner,
        // Codex runs with approvals and the sandbox bypassed: hooks alone decide.
        { defaultMode: "allow" },
      ).map((t) => [t.name, t]),
    );
    // Codex's loop: ask the model; run the command it calls; when it answers in text, Stop decides.
    const run = await runAgentLoop(host, {
      prompt: testCase.prompt ?? "go",
      calls: resolveCalls(testCase.calls, dirs.project),
      runCall: async (call, index) => {
        const id = `call_hw_${index}`;
        const tool = tools.get("bash");
        try {
          if (call.tool !== "exec_command" || !tool) throw new Error(`unsupported call: ${call.tool}`);
          const result = await tool.execute(id, { command: call.input.cmd });
          // Context hooks add travels beside the output (Codex sends it as a message of its own).
          const output = result.content[0]?.type === "text" ? result.content[0].text : undefined;
          const outcome: ToolOutcome = printed.get(id) === output ? "ran" : "replaced";
          return { text: textOf(result.content), outcome };
        } catch (error) {
          return { text: errorMessage(error), outcome: "blocked" as ToolOutcome };
        }
      },
    });
    return observe(testCase, dirs, {
      requests: run.requests,
      toolResults: run.outcomes,
      modelText: run.modelText,
    });
  });
}
