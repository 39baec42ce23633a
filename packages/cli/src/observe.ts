// A runner for one CLI run that keeps what the hooks did along the way: messages, per-handler traces, errors.
import { HookRunner, type LoadedHook } from "@hookwire/core";
import type { Output } from "./output.js";
import { type TraceRow, traceRow } from "./trace-print.js";

export interface HookMessage {
  hookPath: string;
  customType: string;
  content: unknown;
}

export interface ObservedRunner {
  runner: HookRunner;
  messages: HookMessage[];
  rows: TraceRow[];
  errors: string[];
}

/** There is no session to send messages to, so they, every trace and every handler error are kept to print. */
export function observeRunner(hooks: readonly LoadedHook[], cwd: string): ObservedRunner {
  const runner = new HookRunner(hooks, { cwd });
  const messages: HookMessage[] = [];
  runner.initialize({
    sendMessageHandler: (message, _options, hookPath) => messages.push({ hookPath, ...message }),
    appendEntryHandler: () => {},
  });
  const rows: TraceRow[] = [];
  runner.onTrace((trace) => rows.push(traceRow(trace)));
  const errors: string[] = [];
  runner.onError((error) => errors.push(error.message));
  return { runner, messages, rows, errors };
}

export function printMessages(out: Output, messages: readonly HookMessage[]) {
  for (const message of messages) {
    const text = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
    out.line(`message from ${message.hookPath} (${message.customType}): ${text}`);
  }
}
