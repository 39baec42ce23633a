// A real HookRunner over settings hooks written to a temp project, recording what the host receives.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createNoOpUIContext, type HookMessage, HookRunner, type SendMessageOptions } from "@hookwire/core";
import { expect } from "vitest";
import type { SettingsHooksOptions } from "../src/bridge/options.js";
import { createSettingsHooks } from "../src/bridge.js";
import { validateSettings } from "../src/read-settings.js";

export interface Harness {
  cwd: string;
  runner: HookRunner;
  messages: Array<{ message: HookMessage; options: SendMessageOptions | undefined }>;
  notes: string[];
  errors: string[];
  aborts: number;
}

export function tempProject(): string {
  return mkdtempSync(path.join(os.tmpdir(), "hookwire-bridge-"));
}

/** Write an executable shell script into the project and return its absolute path. */
export function script(cwd: string, name: string, body: string): string {
  const file = path.join(cwd, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

export async function harness(
  hooks: Record<string, unknown>,
  options: Partial<SettingsHooksOptions> & { cwd?: string } = {},
): Promise<Harness> {
  const cwd = options.cwd ?? tempProject();
  const file = path.join(cwd, ".claude", "settings.json");
  mkdirSync(path.dirname(file), { recursive: true });
  const json = { hooks };
  writeFileSync(file, JSON.stringify(json, null, 2));
  const { handlers, issues } = validateSettings(json, { file, scope: "project", dialect: "claude" });
  expect(issues.filter((i) => i.severity === "error")).toEqual([]);
  const hook = await createSettingsHooks(handlers, {
    sessionId: "session-1",
    outputDir: path.join(cwd, "out"),
    transcriptDir: path.join(cwd, "transcripts"),
    ...options,
    cwd,
  });
  const runner = new HookRunner([hook], { cwd });
  const h: Harness = { cwd, runner, messages: [], notes: [], errors: [], aborts: 0 };
  runner.initialize({
    sendMessageHandler: (message, opts) => h.messages.push({ message, options: opts }),
    appendEntryHandler: () => {},
    abort: () => {
      h.aborts++;
    },
    hasUI: true,
    uiContext: {
      ...createNoOpUIContext(),
      notify: (message, type) => h.notes.push(`${type ?? "info"}: ${message}`),
    },
  });
  runner.onError((error) => h.errors.push(`${error.code} ${error.hookPath}: ${error.error}`));
  return h;
}

export function command(commandText: string, extra: Record<string, unknown> = {}) {
  return { type: "command", command: commandText, ...extra };
}

export async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const toolCall = (toolName: string, input: Record<string, unknown>) => ({
  type: "tool_call" as const,
  toolName,
  toolCallId: "call-1",
  input,
});

/** One matcher group holding `hooks`. */
export const group = (hooks: unknown[], matcher?: string) => [{ ...(matcher ? { matcher } : {}), hooks }];
