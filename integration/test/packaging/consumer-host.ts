// A downstream host written against the published packages only: the packaging test type-checks it
// under moduleResolution nodenext and bundler.
import {
  HookRunner,
  type HookUIContext,
  type LoadedHook,
  StatusLine,
  type ToolDefinition,
} from "@hookwire/core";
import { AgentHost, createTerminalUIContext, readScript } from "@hookwire/host-kit";
import { type DiscoverAndLoadResult, discoverAndLoadHooks } from "@hookwire/loader";
import { type SettingsIssue, validateSettings } from "@hookwire/settings-hooks";
import { loadShellParser, type ShellCommand, shellCommands } from "@hookwire/shell-rules";
import { createHookTester, type HookTester } from "@hookwire/testing";
import { HookToolWrapper } from "@hookwire/tool-wrapper";
import { runCli } from "hookwire";

export async function start(cwd: string): Promise<AgentHost> {
  const loaded: DiscoverAndLoadResult = await discoverAndLoadHooks([], cwd);
  const hooks: LoadedHook[] = loaded.hooks;
  const { ui, hasUI }: { ui: HookUIContext; hasUI: boolean } = createTerminalUIContext();
  const host = new AgentHost({ cwd, sessionDir: `${cwd}/.sessions`, hooks, ui, hasUI, print: console.log });
  await host.start();
  for (const step of readScript(`${cwd}/script.jsonl`)) await host.runStep(step);
  return host;
}

export async function wrap(tool: ToolDefinition, hooks: LoadedHook[]): Promise<string> {
  const runner = new HookRunner(hooks, { cwd: "." });
  const result = await new HookToolWrapper(tool, runner).execute("1", { command: "ls" });
  const status = new StatusLine();
  status.set("k", "v");
  return `${result.content.length} ${status.render()}`;
}

export function issues(json: unknown): SettingsIssue[] {
  return validateSettings(json, { file: "settings.json", scope: "project", dialect: "claude" }).issues;
}

export async function programs(command: string): Promise<string[]> {
  await loadShellParser();
  return shellCommands(command).commands.map((found: ShellCommand) => found.program);
}

export async function test(): Promise<HookTester> {
  const t = await createHookTester({ modules: [(pi) => void pi.on("tool_call", () => ({ block: true }))] });
  await t.emit({ type: "tool_call", toolCallId: "1", toolName: "bash", input: {} });
  return t;
}

export const cli: (argv: readonly string[]) => Promise<number> = runCli;
