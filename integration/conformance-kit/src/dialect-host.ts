// The hookwire side of a CLI whose hook files hookwire finds itself (every dialect's default sources): Copilot CLI, Cursor.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { errorMessage } from "@hookwire/core";
import {
  createSettingsHooks,
  type DialectId,
  defaultSettingsSources,
  loadDialect,
  nativeToolName,
  readSettingsFile,
  SessionEnvironment,
  toNativeInput,
} from "@hookwire/settings-hooks";
import { ToolDeferredError, wrapTools } from "@hookwire/tool-wrapper";
import type { ToolCall } from "./case.js";
import { END_RUN, runAgentLoop, startHost, textOf } from "./host.js";
import { nativeTools } from "./native-tools.js";

export interface DialectRun {
  /** The temp folder of the run; `project` and `home` below it. */
  root: string;
  project: string;
  home: string;
  /** The dialect whose tool names the model calls (`copilot`, `cursor`). */
  dialect: DialectId;
  /** Default true; untrusted, only the user's files run. */
  trusted?: boolean;
  prompt: string;
  calls: readonly ToolCall[];
  /** The model's input before it is mapped to the native tool's (a field the native tool lacks, dropped). */
  input?: (input: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * Loads every hook file the dialects define under `home` and `project`, and runs the agent loop with every
 * call allowed unless a hook decides (the CLI's auto-run; "ask" without a UI is denied). Returns the text
 * of each tool result the model got.
 */
export async function runDialectHost(
  run: DialectRun,
): Promise<{ requests: number; toolTexts: string[]; modelText: string }> {
  const sources = defaultSettingsSources({ cwd: run.project, home: run.home }).filter(
    (source) => run.trusted !== false || source.scope === "user",
  );
  const results = await Promise.all(sources.map(readSettingsFile));
  const sessionEnv = new SessionEnvironment(path.join(run.root, "session-env"));
  const hooks = await createSettingsHooks(
    results.flatMap((result) => result.handlers),
    {
      sessionEnv,
      cwd: run.project,
      sessionId: randomUUID(),
      permissionMode: "bypassPermissions",
      outputDir: path.join(run.root, "output"),
      transcriptDir: path.join(run.root, "transcripts"),
    },
  );
  const host = startHost([hooks], run.project);
  const tools = new Map(
    wrapTools(
      nativeTools(run.project, () => sessionEnv.prelude()),
      host.runner,
      { defaultMode: "allow" },
    ).map((t) => [t.name, t]),
  );
  const table = (await loadDialect(run.dialect)).tools;
  const result = await runAgentLoop(host, {
    prompt: run.prompt,
    calls: run.calls,
    promptAfterAbort: true,
    runCall: async (call, index) => {
      const tool = tools.get(nativeToolName(table, call.tool));
      let text: string;
      try {
        if (!tool) throw new Error(`No such tool available: ${call.tool}`);
        const input = run.input ? run.input(call.input) : call.input;
        const done = await tool.execute(`call_hw_${index}`, toNativeInput(table, call.tool, input));
        text = textOf(done.content);
      } catch (error) {
        if (error instanceof ToolDeferredError) return END_RUN;
        text = errorMessage(error);
      }
      return { text, outcome: text };
    },
  });
  return { requests: result.requests, toolTexts: result.outcomes, modelText: result.modelText };
}
