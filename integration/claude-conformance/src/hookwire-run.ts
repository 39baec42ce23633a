// Runs one case in hookwire — settings-hooks bridge + HookRunner + HookToolWrapper, real processes — and observes it.
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
  claude,
  createSettingsHooks,
  readSettingsFile,
  SessionEnvironment,
  toNativeInput,
} from "@hookwire/settings-hooks";
import { type HookToolWrapperOptions, ToolDeferredError, wrapTools } from "@hookwire/tool-wrapper";
import { type ConformanceCase, materialize } from "./case.js";
import { startHttpHooks } from "./http-hooks.js";
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
  return inTempRoot("hw-hw-", async (root) => {
    const http = testCase.http ? await startHttpHooks(testCase.http, path.join(root, "logs")) : undefined;
    try {
      const dirs = materialize(testCase, root, http?.url);
      const settings = await readSettingsFile({
        file: path.join(dirs.project, ".claude", "settings.json"),
        scope: "project",
        dialect: "claude",
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
      const host = startHost([hooks], dirs.project);
      const tools = new Map(
        wrapTools(
          nativeTools(dirs.project, () => sessionEnv.prelude()),
          host.runner,
          permissionOptions(testCase),
        ).map((t) => [t.name, t]),
      );
      // Claude Code's loop: ask the model; run the tool it calls; when it answers in text, Stop decides.
      const run = await runAgentLoop(host, {
        prompt: testCase.prompt ?? "go",
        calls: resolveCalls(testCase.calls, dirs.project),
        promptAfterAbort: true,
        runCall: async (call, index) => {
          const name = NATIVE[call.tool] ?? call.tool;
          const tool = tools.get(name);
          try {
            if (!tool) throw new Error(`No such tool available: ${call.tool}`);
            const result = await tool.execute(
              `toolu_hw_${index}`,
              toNativeInput(claude.tools, name, call.input),
            );
            return { text: textOf(result.content), outcome: "ok" as const };
          } catch (error) {
            // Headless, a deferred call ends the run: the caller decides it, the model never sees a result.
            if (error instanceof ToolDeferredError) return END_RUN;
            return { text: errorMessage(error), outcome: "error" as const };
          }
        },
      });
      return observe(testCase, dirs, {
        requests: run.requests,
        toolResults: run.outcomes,
        modelText: run.modelText,
      });
    } finally {
      await http?.close();
    }
  });
}
