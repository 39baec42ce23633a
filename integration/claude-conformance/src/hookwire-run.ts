// Runs one case in hookwire — settings-hooks bridge + HookRunner + HookToolWrapper, real processes — and observes it.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type AgentMessage, type ContentPart, errorMessage, HookRunner } from "@hookwire/core";
import {
  createSettingsHooks,
  fromSettingsInput,
  readSettingsFile,
  SessionEnvironment,
} from "@hookwire/settings-hooks";
import { type HookToolWrapperOptions, ToolDeferredError, wrapTools } from "@hookwire/tool-wrapper";
import { type ConformanceCase, materialize, resolveCalls } from "./case.js";
import { startHttpHooks } from "./http-hooks.js";
import { nativeTools } from "./native-tools.js";
import { type Observation, observe } from "./observe.js";

/** Claude Code's tool names → the harness's native ones. */
const NATIVE: Record<string, string> = {
  Bash: "bash",
  Read: "read",
  Write: "write",
  Edit: "edit",
  Glob: "glob",
  Grep: "grep",
};

function textOf(content: string | readonly ContentPart[]): string {
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : `[${part.type}]`)).join("\n");
}

/**
 * The host's permission policy for each mode, as Claude Code applies it headless: bypass allows what no
 * rule forbids; default asks for anything that is not a read; acceptEdits also allows file edits. Asking
 * without a UI denies.
 */
function permissionOptions(testCase: ConformanceCase): HookToolWrapperOptions {
  const rules = testCase.settings.permissions ?? {};
  const mode = testCase.permissionMode ?? "bypassPermissions";
  if (mode === "bypassPermissions") return { permissions: rules, defaultMode: "allow" };
  // Plan mode runs nothing that changes the project, whatever a hook says.
  if (mode === "plan") {
    const deny = [...(rules.deny ?? []), "Bash", "Write", "Edit"];
    return {
      permissions: { ...rules, deny, allow: [...(rules.allow ?? []), "Read", "Glob", "Grep"] },
      defaultMode: "ask",
    };
  }
  const free = mode === "acceptEdits" ? ["Read", "Glob", "Grep", "Write", "Edit"] : ["Read", "Glob", "Grep"];
  return { permissions: { ...rules, allow: [...(rules.allow ?? []), ...free] }, defaultMode: "ask" };
}

export async function runInHookwire(testCase: ConformanceCase): Promise<Observation> {
  const root = mkdtempSync(path.join(os.tmpdir(), "hw-hw-"));
  const http = testCase.http ? await startHttpHooks(testCase.http, path.join(root, "logs")) : undefined;
  try {
    const dirs = materialize(testCase, root, http?.url);
    const calls = resolveCalls(testCase.calls, dirs.project);
    const settings = await readSettingsFile({
      file: path.join(dirs.project, ".claude", "settings.json"),
      scope: "project",
    });
    const sessionEnv = new SessionEnvironment(path.join(root, "session-env"));
    const hooks = await createSettingsHooks(settings.handlers, {
      sessionEnv,
      cwd: dirs.project,
      sessionId: randomUUID(),
      permissionMode: testCase.permissionMode ?? "bypassPermissions",
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
      hasUI: false,
    });
    const tools = new Map(
      wrapTools(
        nativeTools(dirs.project, () => sessionEnv.prelude()),
        runner,
        permissionOptions(testCase),
      ).map((t) => [t.name, t]),
    );

    await runner.emit({ type: "session_start" });
    const prompt = testCase.prompt ?? "go";
    const before = await runner.emitBeforeAgentStart(prompt);
    let requests = 0;
    const toolResults: ("ok" | "error")[] = [];
    if (!before?.block && !aborted) {
      if (before?.message) modelText.push(textOf(before.message.content));
      const messages: AgentMessage[] = [{ role: "user", content: prompt, timestamp: Date.now() }];
      let next = 0;
      // Claude Code's loop: ask the model; run the tool it calls; when it answers in text, Stop decides.
      for (;;) {
        requests++;
        const call = calls[next++];
        if (call) {
          const name = NATIVE[call.tool] ?? call.tool;
          const tool = tools.get(name);
          let text: string;
          let status: "ok" | "error";
          try {
            if (!tool) throw new Error(`No such tool available: ${call.tool}`);
            const result = await tool.execute(`toolu_hw_${next}`, fromSettingsInput(name, call.input));
            [text, status] = [textOf(result.content), "ok"];
          } catch (error) {
            // Headless, a deferred call ends the run: the caller decides it, the model never sees a result.
            if (error instanceof ToolDeferredError) break;
            [text, status] = [errorMessage(error), "error"];
          }
          // `continue: false` ends the turn: the result is never sent back to the model.
          if (aborted) break;
          modelText.push(text);
          toolResults.push(status);
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
    await http?.close();
    rmSync(root, { recursive: true, force: true });
  }
}
