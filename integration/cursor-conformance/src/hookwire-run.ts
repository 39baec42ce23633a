// Runs one Cursor case in hookwire — every dialect's files, the settings-hooks bridge, HookRunner, wrapped native tools.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type AgentMessage, type ContentPart, errorMessage, HookRunner } from "@hookwire/core";
import {
  createSettingsHooks,
  defaultSettingsSources,
  readSettingsFile,
  SessionEnvironment,
} from "@hookwire/settings-hooks";
import { ToolDeferredError, wrapTools } from "@hookwire/tool-wrapper";
import { nativeToolName, toNativeInput } from "../../../packages/settings-hooks/src/dialect/tools.js";
import { cursorTools } from "../../../packages/settings-hooks/src/dialects/cursor/tools.js";
import { nativeTools } from "../../claude-conformance/src/native-tools.js";
import { type CursorCase, materialize } from "./case.js";
import { type Observation, observe } from "./observe.js";

function textOf(content: string | readonly ContentPart[]): string {
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : `[${part.type}]`)).join("\n");
}

export async function runInHookwire(testCase: CursorCase): Promise<Observation> {
  const root = mkdtempSync(path.join(os.tmpdir(), "hw-cuh-"));
  try {
    const dirs = materialize(testCase, root);
    const calls = testCase.calls.map((call) => ({
      tool: call.tool,
      input: JSON.parse(JSON.stringify(call.input).replaceAll("@P@", dirs.project)) as Record<
        string,
        unknown
      >,
    }));
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
    const modelText: string[] = [];
    let toolResults = 0;
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
      hasUI: false,
    });
    // Auto-run: every call the hooks let through runs ("ask" without a UI is denied).
    const tools = new Map(
      wrapTools(
        nativeTools(dirs.project, () => sessionEnv.prelude()),
        runner,
        { defaultMode: "allow" },
      ).map((t) => [t.name, t]),
    );

    await runner.emit({ type: "session_start" });
    const prompt = testCase.prompt ?? "go";
    const before = await runner.emitBeforeAgentStart(prompt);
    let requests = 0;
    if (!before?.block && !aborted) {
      if (before?.message) modelText.push(textOf(before.message.content));
      const messages: AgentMessage[] = [{ role: "user", content: prompt, timestamp: Date.now() }];
      let next = 0;
      for (;;) {
        requests++;
        const call = calls[next++];
        if (call) {
          const name = nativeToolName(cursorTools, call.tool);
          const tool = tools.get(name);
          let text: string;
          try {
            if (!tool) throw new Error(`No such tool available: ${call.tool}`);
            const { description: _description, ...input } = call.input;
            const result = await tool.execute(
              `call_hw_${next}`,
              toNativeInput(cursorTools, call.tool, input),
            );
            text = textOf(result.content);
          } catch (error) {
            if (error instanceof ToolDeferredError) break;
            text = errorMessage(error);
          }
          if (aborted) break;
          modelText.push(text);
          toolResults++;
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
