// The hookwire side of a case: a temp folder, a headless HookRunner host, and the agent loop most CLIs share.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type AgentMessage, type ContentPart, HookRunner, type HookRunnerOptions } from "@hookwire/core";

/** The text of a tool result or message, non-text parts as `[type]`. */
export function textOf(content: string | readonly ContentPart[]): string {
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : `[${part.type}]`)).join("\n");
}

/** Runs `body` in a fresh temp folder (`<tmp>/<prefix>…`), removed afterwards whatever happens. */
export async function inTempRoot<T>(prefix: string, body: (root: string) => Promise<T>): Promise<T> {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    return await body(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** A headless host: what hooks sent the model, whether one aborted, whether one asked for another turn. */
export interface Host {
  runner: HookRunner;
  modelText: string[];
  aborted: boolean;
  turnRequested: boolean;
}

export function startHost(
  hooks: ConstructorParameters<typeof HookRunner>[0],
  cwd: string,
  extra: Partial<Parameters<HookRunner["initialize"]>[0]> = {},
  options: Omit<HookRunnerOptions, "cwd"> = {},
): Host {
  const host: Host = {
    runner: new HookRunner(hooks, { ...options, cwd }),
    modelText: [],
    aborted: false,
    turnRequested: false,
  };
  host.runner.initialize({
    sendMessageHandler: (message, opts) => {
      host.modelText.push(textOf(message.content));
      if (opts?.triggerTurn) host.turnRequested = true;
    },
    appendEntryHandler: () => {},
    abort: () => {
      host.aborted = true;
    },
    hasUI: false,
    ...extra,
  });
  return host;
}

/** Returned by a call's runner when the run ends there (a deferred call, headless). */
export const END_RUN = Symbol("end run");

/**
 * The loop of a CLI that asks the model, runs the tool it calls, and lets Stop decide when it answers
 * in text: session_start, before_agent_start, one request per call, agent_end (again while a hook asks
 * for another turn), session_shutdown. `runCall` returns what the model reads and the outcome recorded.
 */
export async function runAgentLoop<C, R>(
  host: Host,
  loop: {
    prompt: string;
    calls: readonly C[];
    runCall: (call: C, index: number) => Promise<{ text: string; outcome: R } | typeof END_RUN>;
    /** Claude Code (and the CLIs that copy it) submits the prompt even after SessionStart stopped the run. */
    promptAfterAbort?: boolean;
  },
): Promise<{ requests: number; outcomes: R[]; modelText: string }> {
  const { runner } = host;
  const { prompt, calls, runCall } = loop;
  await runner.emit({ type: "session_start" });
  let requests = 0;
  const outcomes: R[] = [];
  const before =
    host.aborted && !loop.promptAfterAbort ? undefined : await runner.emitBeforeAgentStart(prompt);
  if (!host.aborted && !before?.block) {
    if (before?.message) host.modelText.push(textOf(before.message.content));
    const messages: AgentMessage[] = [{ role: "user", content: prompt, timestamp: Date.now() }];
    let next = 0;
    for (;;) {
      requests++;
      const call = calls[next++];
      if (call !== undefined) {
        const result = await runCall(call, next);
        if (result === END_RUN) break;
        // `continue: false` ends the turn: the result is never sent back to the model.
        if (host.aborted) break;
        host.modelText.push(result.text);
        outcomes.push(result.outcome);
        continue;
      }
      messages.push({ role: "assistant", content: [{ type: "text", text: "done" }], timestamp: Date.now() });
      host.turnRequested = false;
      await runner.emit({ type: "agent_end", messages });
      if (host.aborted || !host.turnRequested) break;
    }
  }
  await runner.emit({ type: "session_shutdown" });
  return { requests, outcomes, modelText: host.modelText.join("\n") };
}
