// AgentHost: the agent loop of a small coding agent, emitting every life-cycle event to the hook runner.
import path from "node:path";
import {
  type AgentMessage,
  type AssistantMessage,
  errorMessage,
  HookRunner,
  type HookTrace,
  type HookUIContext,
  type LoadedHook,
  type NewSessionOptions,
  type ToolDefinition,
  type ToolResultMessage,
} from "@hookwire/core";
import type { SessionEnvironment } from "@hookwire/settings-hooks";
import { type HookToolWrapperOptions, wrapTools } from "@hookwire/tool-wrapper";
import type { ScriptedToolCall, ScriptStep } from "./script.js";
import { JsonlSessionManager } from "./session-manager.js";
import { createBashTool } from "./tools/bash.js";
import { createEditTool } from "./tools/edit.js";
import { createReadTool } from "./tools/read.js";
import { createWriteTool } from "./tools/write.js";

/**
 * Where the session lives: `sessionDir`, a folder where a new session starts, or `session`, one created
 * beforehand (`JsonlSessionManager.create`) so its `hookSession` can go to the settings hooks as `hostSession`
 * before the host exists: they then read its Claude Code transcript.
 */
export type AgentHostSession =
  | { sessionDir: string; session?: undefined }
  | { session: JsonlSessionManager; sessionDir?: undefined };

export type AgentHostOptions = AgentHostSession & AgentHostSettings;

export interface AgentHostSettings {
  cwd: string;
  hooks: readonly LoadedHook[];
  ui: HookUIContext;
  hasUI: boolean;
  /** Receives each line of the readable trace. */
  print: (line: string) => void;
  /** Permission rules and defaults for the tool wrapper. */
  permissions?: HookToolWrapperOptions;
  /** Tools instead of bash/read/write/edit on `cwd`. */
  tools?: ToolDefinition[];
  /** The settings hooks' CLAUDE_ENV_FILE folder: the default bash tool sources what SessionStart hooks exported. */
  sessionEnv?: SessionEnvironment;
  /** Consecutive hook-requested turns before the host stops obliging. Default 3. */
  maxTriggeredTurns?: number;
  /** Milliseconds a module handler may take (0 = none). Default: the runner's, 60 s. */
  handlerTimeout?: number;
}

const MAX_SHOWN = 160;

function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_SHOWN ? `${flat.slice(0, MAX_SHOWN - 1)}…` : flat;
}

function contentText(content: string | ReadonlyArray<{ type: string; text?: string }>): string {
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? (part.text ?? "") : `[${part.type}]`)).join("\n");
}

export function createDefaultTools(cwd: string, sessionEnv?: SessionEnvironment): ToolDefinition[] {
  return [
    createBashTool({ cwd, prelude: sessionEnv ? () => sessionEnv.prelude() : undefined }),
    createReadTool({ cwd }),
    createWriteTool({ cwd }),
    createEditTool({ cwd }),
  ];
}

export class AgentHost {
  readonly runner: HookRunner;
  readonly session: JsonlSessionManager;
  readonly tools: ReadonlyMap<string, ToolDefinition>;
  readonly #options: AgentHostOptions;
  readonly #print: (line: string) => void;
  #running = false;
  #toolCalls = 0;
  #triggeredTurns = 0;
  #turnRequested = false;
  /** A hook called ctx.abort() (settings: `continue: false`): the current run ends after the step in progress. */
  #abortRequested = false;

  constructor(options: AgentHostOptions) {
    this.#options = options;
    this.#print = options.print;
    this.session = options.session ?? JsonlSessionManager.create(options.sessionDir, options.cwd);
    this.runner = new HookRunner(options.hooks, {
      cwd: options.cwd,
      sessionManager: this.session,
      handlerTimeout: options.handlerTimeout,
    });
    this.runner.initialize({
      getModel: () => ({ provider: "scripted", id: "script" }),
      sendMessageHandler: (message, sendOptions, hookPath) => {
        this.session.appendCustomMessage(message);
        this.#print(
          `  ↳ message from ${this.#show(hookPath)} (${message.customType}): ${preview(contentText(message.content))}`,
        );
        if (sendOptions?.triggerTurn) this.#turnRequested = true;
      },
      appendEntryHandler: (customType, data, hookPath) => {
        this.session.appendCustomEntry(customType, data);
        this.#print(`  ↳ entry from ${this.#show(hookPath)} (${customType})`);
      },
      newSessionHandler: (newOptions) => this.#newSession(newOptions),
      isIdle: () => !this.#running,
      abort: () => {
        this.#abortRequested = true;
      },
      waitForIdle: async () => {},
      uiContext: options.ui,
      hasUI: options.hasUI,
    });
    this.runner.onError((error) => this.#print(`  ⚠ ${this.#showAll(error.message)}`));
    // A hook's stray async throw is reported like any hook failure instead of ending the session.
    this.runner.guardProcess();
    this.runner.onTrace((trace) => this.#describeDecision(trace));
    const wrapped = wrapTools(
      options.tools ?? createDefaultTools(options.cwd, options.sessionEnv),
      this.runner,
      options.permissions,
    );
    this.tools = new Map(wrapped.map((tool) => [tool.name, tool]));
  }

  async start(): Promise<void> {
    this.#print("● session_start");
    await this.runner.emit({ type: "session_start" });
  }

  async shutdown(): Promise<void> {
    this.#print("● session_shutdown");
    await this.runner.emit({ type: "session_shutdown" });
    this.runner.dispose();
  }

  async runStep(step: ScriptStep): Promise<void> {
    if (step.kind === "command") await this.runCommand(step.command);
    else await this.prompt(step.prompt, step.calls, step.reply);
  }

  /** `/name args`: runs a registered command; unknown names are reported with the known ones. */
  async runCommand(text: string): Promise<boolean> {
    const [, name = "", args = ""] = /^\/?(\S+)\s*([\s\S]*)$/.exec(text.trim()) ?? [];
    this.#print(`▶ command: /${name}${args ? ` ${args}` : ""}`);
    const command = this.runner.getCommand(name);
    if (!command) {
      const known = this.runner.getRegisteredCommands().map((c) => `/${c.name}`);
      this.#print(`  ✖ unknown command /${name}${known.length ? ` (known: ${known.join(", ")})` : ""}`);
      return false;
    }
    try {
      await command.handler(args, this.runner.createCommandContext());
      return true;
    } catch (error) {
      this.#print(`  ✖ /${name} failed: ${errorMessage(error)}`);
      return false;
    }
  }

  /** One agent run: the prompt, one turn per scripted tool call, then the reply. */
  async prompt(prompt: string, calls: readonly ScriptedToolCall[] = [], reply = "Done."): Promise<void> {
    this.#print(`▶ prompt: ${JSON.stringify(prompt)}`);
    const before = await this.runner.emitBeforeAgentStart(prompt);
    if (before?.block) {
      this.#print(`  ✖ prompt refused: ${before.reason ?? "blocked by a hook"}`);
      return;
    }
    this.#running = true;
    const runMessages: AgentMessage[] = [];
    const remember = (message: AgentMessage) => {
      this.session.appendMessage(message);
      runMessages.push(message);
    };
    try {
      remember({ role: "user", content: prompt, timestamp: Date.now() });
      if (before?.message) {
        this.session.appendCustomMessage(before.message);
        this.#print(
          `  ↳ injected (${before.message.customType}): ${preview(contentText(before.message.content))}`,
        );
      }
      await this.runner.emit({ type: "agent_start" });
      let turnIndex = 0;
      for (const call of calls) {
        await this.#toolTurn(turnIndex++, call, remember);
        // As in Claude Code: the call that asked to stop still ran; the model is not asked again.
        if (this.#abortRequested) {
          this.#print("  ■ a hook ended the run");
          return;
        }
      }
      await this.#replyTurn(turnIndex++, reply, remember);
      await this.runner.emit({ type: "agent_end", messages: runMessages });
      while (
        this.#turnRequested &&
        !this.#abortRequested &&
        this.#triggeredTurns < (this.#options.maxTriggeredTurns ?? 3)
      ) {
        this.#turnRequested = false;
        this.#triggeredTurns++;
        this.#print("  ↳ a hook asked for another turn");
        await this.runner.emit({ type: "agent_start" });
        await this.#replyTurn(turnIndex++, "Nothing more to do.", remember);
        await this.runner.emit({ type: "agent_end", messages: runMessages });
      }
    } finally {
      this.#turnRequested = false;
      this.#abortRequested = false;
      this.#triggeredTurns = 0;
      this.#running = false;
    }
  }

  async #context(): Promise<void> {
    const messages = this.session.getMessages();
    const sent = await this.runner.emitContext(messages);
    if (sent.length !== messages.length) {
      this.#print(`  · context: ${sent.length} of ${messages.length} messages sent to the model`);
    }
  }

  async #toolTurn(turnIndex: number, call: ScriptedToolCall, remember: (m: AgentMessage) => void) {
    await this.runner.emit({ type: "turn_start", turnIndex, timestamp: Date.now() });
    await this.#context();
    const toolCallId = `call-${++this.#toolCalls}`;
    const message: AssistantMessage = {
      role: "assistant",
      content: [{ type: "toolCall", id: toolCallId, name: call.tool, arguments: call.input }],
      timestamp: Date.now(),
    };
    remember(message);
    this.#print(`  ⚙ ${call.tool} ${JSON.stringify(call.input)}`);
    const result = await this.#execute(toolCallId, call);
    remember(result);
    await this.runner.emit({ type: "turn_end", turnIndex, message, toolResults: [result] });
  }

  async #replyTurn(turnIndex: number, reply: string, remember: (m: AgentMessage) => void) {
    await this.runner.emit({ type: "turn_start", turnIndex, timestamp: Date.now() });
    await this.#context();
    const message: AssistantMessage = {
      role: "assistant",
      content: [{ type: "text", text: reply }],
      timestamp: Date.now(),
    };
    remember(message);
    this.#print(`  ◆ ${preview(reply)}`);
    await this.runner.emit({ type: "turn_end", turnIndex, message, toolResults: [] });
  }

  async #execute(toolCallId: string, call: ScriptedToolCall): Promise<ToolResultMessage> {
    const tool = this.tools.get(call.tool);
    const base = { role: "toolResult" as const, toolCallId, toolName: call.tool, timestamp: Date.now() };
    if (!tool) {
      const text = `Unknown tool "${call.tool}"; available: ${[...this.tools.keys()].join(", ")}`;
      this.#print(`    ✖ ${text}`);
      return { ...base, content: [{ type: "text", text }], isError: true };
    }
    try {
      const result = await tool.execute(toolCallId, call.input);
      const [first, ...rest] = result.content;
      this.#print(`    ✔ ${(first && preview(contentText([first]))) || "(no output)"}`);
      for (const part of rest) this.#print(`      + ${preview(this.#showAll(contentText([part])))}`);
      return { ...base, content: result.content, details: result.details, isError: false };
    } catch (error) {
      const text = errorMessage(error);
      const hookPath = (error as { hookPath?: string }).hookPath;
      const by = hookPath ? this.#show(hookPath) : (error as { rule?: string }).rule;
      const blocked = (error as { code?: string }).code === "TOOL_BLOCKED";
      this.#print(
        `    ✖ ${blocked ? `blocked${by ? ` by ${by}` : ""}` : "failed"}: ${preview(this.#showAll(text))}`,
      );
      return { ...base, content: [{ type: "text", text }], isError: true };
    }
  }

  /** A hook path as the user would type it from the project folder. */
  #show(file: string): string {
    const relative = path.relative(this.#options.cwd, file);
    return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
  }

  #showAll(text: string): string {
    return text.replaceAll(`${this.#options.cwd}${path.sep}`, "");
  }

  // Blocks are printed by #execute; here only the decisions that would otherwise be invisible.
  #describeDecision(trace: HookTrace): void {
    const result = trace.result as Record<string, unknown> | undefined;
    if (!result || typeof result !== "object") return;
    if (trace.event === "tool_call" && result.input && !result.block) {
      this.#print(`    ✎ ${this.#show(trace.hookPath)} rewrote the input: ${JSON.stringify(result.input)}`);
    }
    if (trace.event === "tool_result" && (result.content || result.details)) {
      this.#print(`    ✎ ${this.#show(trace.hookPath)} rewrote the result`);
    }
  }

  async #newSession(options: NewSessionOptions | undefined): Promise<{ cancelled: boolean }> {
    const previous = this.session.getSessionFile();
    const before = await this.runner.emit({ type: "session_before_switch", reason: "new" });
    if (before?.cancel) {
      this.#print("  ↳ new session cancelled by a hook");
      return { cancelled: true };
    }
    const file = this.session.newSession(options?.parentSession ?? previous);
    await options?.setup?.({ appendMessage: (message) => this.session.appendMessage(message) });
    await this.runner.emit({ type: "session_switch", reason: "new", previousSessionFile: previous });
    const first = this.session.getMessages()[0];
    const shown = (f: string | undefined) => (f ? path.relative(this.#options.cwd, f) : "(none)");
    this.#print(`  ↳ new session ${shown(file)} (parent ${shown(options?.parentSession ?? previous)})`);
    if (first) this.#print(`    first message: ${preview(contentText(first.content as string))}`);
    return { cancelled: false };
  }
}
