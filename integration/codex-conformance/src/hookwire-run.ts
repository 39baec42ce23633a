// Runs one case in hookwire — the Codex dialect's sources, the settings bridge, HookRunner, HookToolWrapper — and observes it.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type AgentMessage, type ContentPart, errorMessage, HookRunner } from "@hookwire/core";
import {
  activeHandlers,
  createSettingsHooks,
  defaultSettingsSources,
  readSettingsFile,
  SessionEnvironment,
  type SettingsSource,
} from "@hookwire/settings-hooks";
import { wrapTools } from "@hookwire/tool-wrapper";
import { type CaseDirs, type ConformanceCase, materialize, resolveCalls } from "./case.js";
import { nativeTools } from "./native-tools.js";
import { type Observation, observe, type ToolOutcome } from "./observe.js";

function textOf(content: string | readonly ContentPart[]): string {
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : `[${part.type}]`)).join("\n");
}

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
  const root = mkdtempSync(path.join(os.tmpdir(), "hw-hx-"));
  try {
    const dirs = materialize(testCase, root);
    const calls = resolveCalls(testCase.calls, dirs.project);
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
    const modelText: string[] = [];
    let aborted = false;
    let turnRequested = false;
    const runner = new HookRunner([hooks], { cwd: dirs.project });
    runner.initialize({
      sendMessageHandler: (message, options) => {
        modelText.push(textOf(message.content));
        if (options?.triggerTurn) turnRequested = true;
      },
      appendEntryHandler: () => {},
      abort: () => {
        aborted = true;
      },
      getModel: () => ({ provider: "fake", id: "fake-model" }),
      hasUI: false,
    });
    const printed = new Map<string, string>();
    const tools = new Map(
      wrapTools(
        nativeTools(dirs.project, (id, output) => printed.set(id, output)),
        runner,
        // Codex runs with approvals and the sandbox bypassed: hooks alone decide.
        { defaultMode: "allow" },
      ).map((t) => [t.name, t]),
    );

    await runner.emit({ type: "session_start" });
    let requests = 0;
    const toolResults: ToolOutcome[] = [];
    const prompt = testCase.prompt ?? "go";
    const before = aborted ? undefined : await runner.emitBeforeAgentStart(prompt);
    if (!aborted && !before?.block) {
      if (before?.message) modelText.push(textOf(before.message.content));
      const messages: AgentMessage[] = [{ role: "user", content: prompt, timestamp: Date.now() }];
      let next = 0;
      // Codex's loop: ask the model; run the command it calls; when it answers in text, Stop decides.
      for (;;) {
        requests++;
        const call = calls[next++];
        if (call) {
          const id = `call_hw_${next}`;
          const tool = tools.get("bash");
          let text: string;
          let outcome: ToolOutcome;
          try {
            if (call.tool !== "exec_command" || !tool) throw new Error(`unsupported call: ${call.tool}`);
            const result = await tool.execute(id, { command: call.input.cmd });
            text = textOf(result.content);
            // Context hooks add travels beside the output (Codex sends it as a message of its own).
            const output = result.content[0]?.type === "text" ? result.content[0].text : undefined;
            outcome = printed.get(id) === output ? "ran" : "replaced";
          } catch (error) {
            [text, outcome] = [errorMessage(error), "blocked"];
          }
          if (aborted) break;
          modelText.push(text);
          toolResults.push(outcome);
          continue;
        }
        messages.push({
          role: "assistant",
          content: [{ type: "text", text: "done" }],
          timestamp: Date.now(),
        });
        turnRequested = false;
        await runner.emit({ type: "agent_end", messages });
        if (aborted || !turnRequested) break;
      }
    }
    await runner.emit({ type: "session_shutdown" });
    return observe(testCase, dirs, { requests, toolResults, modelText: modelText.join("\n") });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
