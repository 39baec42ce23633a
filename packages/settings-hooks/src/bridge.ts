// Turns settings handlers into one LoadedHook on native events, so both kinds of hooks share one runner.
import { randomUUID } from "node:crypto";
import path from "node:path";
import {
  type AgentMessage,
  type AttributedText,
  type ContentPart,
  displayPath,
  errorMessage,
  forTools,
  type HookAPI,
  type HookContext,
  HookError,
  type HookSource,
  instantiateHook,
  type LoadedHook,
  type ToolCallEvent,
  type ToolCallEventResult,
  type ToolResultEvent,
  type ToolResultEventResult,
} from "@hookwire/core";
import { type AggregatedOutcome, aggregate, blockReason } from "./aggregate.js";
import type { EnvironmentOptions } from "./handlers/environment.js";
import { findExecutor, type HandlerTypeRegistry } from "./handlers/executors.js";
import { type PreparedRun, prepareRun } from "./handlers/run-handler.js";
import { compileMatcher, isToolEvent, matcherField } from "./matcher.js";
import {
  type BridgedEventName,
  buildHookInput,
  type EventInputFields,
  type HookInput,
  type SessionInfo,
} from "./protocol/input.js";
import type { HandlerResult } from "./protocol/output.js";
import { matchesRule } from "./rules/match.js";
import { type PermissionRule, parseRule } from "./rules/parse.js";
import { loadShellParser } from "./rules/shell/grammar.js";
import { defaultSessionEnvDir, SessionEnvironment } from "./session-env.js";
import {
  fromSettingsInput,
  missingRequiredFields,
  toSettingsResponse,
  toSettingsTool,
} from "./tool-names.js";
import { defaultTranscriptDir, TranscriptWriter } from "./transcript.js";
import type { CommandHandlerConfig, SettingsHandler } from "./types.js";

export interface SettingsHooksOptions {
  /** Working directory of the hooks and the `cwd` input field. */
  cwd: string;
  /** `${CLAUDE_PROJECT_DIR}`. Default: `cwd`. */
  projectDir?: string;
  /** `session_id` input field. Default: a random UUID per bridge. */
  sessionId?: string;
  /**
   * `transcript_path` of a transcript the host keeps itself (in Claude Code's format); hookwire then writes none.
   * Without it, hookwire writes one (see `transcript`).
   */
  transcriptPath?: string;
  /**
   * The host's current session, asked before each hook run: a host that keeps its own session log, writes
   * it as a Claude Code transcript and may switch sessions (host-kit's `JsonlSessionManager.hookSession`).
   * Wins over `sessionId` and `transcriptPath`; hookwire then writes no transcript.
   */
  hostSession?: () => { sessionId: string; transcriptPath: string };
  /**
   * The session as a Claude Code transcript, current before each hook runs: `true` (default) writes
   * `<transcriptDir>/<sessionId>.jsonl`; a `TranscriptWriter` writes where the host wants; `false` writes
   * nothing and sends `transcript_path: ""`.
   */
  transcript?: boolean | TranscriptWriter;
  /** Default `defaultTranscriptDir(cwd)` (per user, under the XDG cache folder). */
  transcriptDir?: string;
  /** `permission_mode` input field. Default `"default"`. */
  permissionMode?: string;
  /** `effort.level` input field (tool events and Stop). Default `"medium"`, Claude Code's default. */
  effort?: string;
  /** SessionStart `source` (startup / resume / clear / compact). Default `"startup"`. */
  sessionStartSource?: string;
  /** Executors for mcp_tool / prompt / agent; the default registry is the fallback. */
  executors?: HandlerTypeRegistry;
  /** Host names for the placeholders, e.g. `{ HOOKWIRE_PROJECT_DIR: "CLAUDE_PROJECT_DIR" }`. */
  envAliases?: EnvironmentOptions["envAliases"];
  /** Variables removed from every hook's environment and never interpolated into http headers. */
  secretEnv?: readonly string[];
  /** Consecutive Stop blocks before the stop is allowed anyway. Default 8, as in Claude Code. */
  stopHookCap?: number;
  /**
   * The session's CLAUDE_ENV_FILE folder: each SessionStart command hook gets a fresh file there, as in Claude
   * Code; a host's Bash tool sources them (`sessionEnv.prelude()`). Default: one in `defaultSessionEnvDir(sessionId)`.
   */
  sessionEnv?: SessionEnvironment;
  /** Milliseconds session_shutdown waits for running async hooks before stopping them. Default 1000. */
  asyncShutdownGraceMs?: number;
  /** Where over-long hook output is saved. Default `defaultOutputDir()` (per user, under the XDG cache folder). */
  outputDir?: string;
  /** The LoadedHook's path. Default: the settings file when there is one, else `"settings hooks"`. */
  path?: string;
  /**
   * Told of every settings handler run (not background ones) when it finishes, before the runner's
   * own trace of the bridge: the per-handler view tools such as `hookwire emit` show.
   */
  onHandlerRun?: (run: SettingsHandlerRun) => void;
  /**
   * Called before each command handler spawns (background ones too); a throw stops the spawn and is
   * reported as that handler's HookError, with the thrown error's `code`. The loader checks trust here.
   */
  beforeCommand?: (handler: SettingsHandler) => void | Promise<void>;
}

/** One settings handler's run: which handler (file#JSON path), for which event, what it answered. */
export interface SettingsHandlerRun {
  hookPath: string;
  event: string;
  result: HandlerResult;
  durationMs: number;
}

/** Native event → the settings events it runs. */
const NATIVE_EVENTS = {
  tool_call: ["PreToolUse"],
  tool_result: ["PostToolUse", "PostToolUseFailure"],
  before_agent_start: ["UserPromptSubmit"],
  session_start: ["SessionStart"],
  session_shutdown: ["SessionEnd"],
  agent_end: ["Stop"],
  session_before_compact: ["PreCompact"],
  session_compact: ["PostCompact"],
} as const;

const BRIDGED = new Set<string>(Object.values(NATIVE_EVENTS).flat());

interface Prepared {
  handler: SettingsHandler;
  hookPath: string;
  matches: (value: string) => boolean;
  rule?: PermissionRule;
  runner: PreparedRun;
  async: boolean;
}

interface EventRun {
  outcome: AggregatedOutcome;
}

/** `<file>#<jsonPath>`, the name of one settings handler in errors and attributions. */
export function settingsHookPath(handler: SettingsHandler, cwd: string): string {
  const file = displayPath(handler.file, cwd);
  // Script hooks found in hooks/pre|post folders have no JSON path: the file alone names them.
  return handler.jsonPath ? `${file}#${handler.jsonPath}` : file;
}

/**
 * Handlers that cannot run as configured: a type without an executor, an `if` rule that does not
 * parse. The bridge reports these on its first event; loaders and `doctor` can show them at load.
 */
export function settingsHandlerProblems(
  handlers: readonly SettingsHandler[],
  options: Pick<SettingsHooksOptions, "cwd" | "executors">,
): HookError[] {
  const problems: HookError[] = [];
  for (const handler of handlers) {
    const hookPath = settingsHookPath(handler, options.cwd);
    const type = handler.config.type;
    if (type !== "command" && type !== "http" && !findExecutor(type, options.executors)) {
      problems.push(
        new HookError({
          code: "HOOK_HANDLER_UNSUPPORTED",
          hookPath,
          event: handler.event,
          message:
            `"${type}" handlers need an executor from the host and none is registered; the handler will not run. ` +
            `Register one with registerHandlerType("${type}", executor), or remove the handler.`,
        }),
      );
    }
    if (handler.config.if !== undefined) {
      try {
        parseRule(handler.config.if);
        if (!isToolEvent(handler.event)) {
          problems.push(
            new HookError({
              code: "HOOK_INVALID_RULE",
              hookPath,
              event: handler.event,
              message:
                `"if" applies only to tool events; on ${handler.event} Claude Code never runs this handler, and neither does hookwire. ` +
                `Remove "if" to run it.`,
            }),
          );
        }
      } catch (cause) {
        problems.push(new HookError({ code: "HOOK_INVALID_RULE", hookPath, event: handler.event, cause }));
      }
    }
  }
  return problems;
}

function textOf(content: readonly ContentPart[] | string): string {
  if (typeof content === "string") return content;
  return content
    .filter((part): part is Extract<ContentPart, { type: "text" }> => part.type === "text")
    .map((part) => part.text)
    .join("\n");
}

function lastAssistantText(messages: readonly AgentMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== "assistant") continue;
    return message.content
      .map((part) => (part.type === "text" ? (part as { text: string }).text : ""))
      .filter((text) => text !== "")
      .join("\n");
  }
  return undefined;
}

/** MCP tools (`mcp__server__tool`) are the only ones whose output a hook may replace with any value. */
function isMcpTool(settingsName: string): boolean {
  return settingsName.startsWith("mcp__");
}

/**
 * `updatedToolOutput` as content parts, or `undefined` when Claude Code would ignore it: on a built-in
 * tool only an object in the tool's own shape counts (Bash `{stdout, stderr}`, or `{output}`); on an MCP
 * tool also a string or content parts.
 */
function toContent(value: unknown, settingsName: string): ContentPart[] | undefined {
  const mcp = isMcpTool(settingsName);
  if (typeof value === "string") return mcp ? [{ type: "text", text: value }] : undefined;
  if (Array.isArray(value)) {
    if (!mcp || !value.every((p) => typeof p?.type === "string")) return undefined;
    return value as ContentPart[];
  }
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.stdout === "string") {
    const stderr = typeof record.stderr === "string" && record.stderr !== "" ? `\n${record.stderr}` : "";
    return [{ type: "text", text: record.stdout + stderr }];
  }
  if (typeof record.output === "string") return [{ type: "text", text: record.output }];
  return [{ type: "text", text: JSON.stringify(value) }];
}

/** Events where `continue: false` ends the agent's turn; Claude Code ignores it on the others. */
const CONTINUE_EVENTS = new Set([
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "UserPromptSubmit",
  "Stop",
]);

function joined(texts: readonly AttributedText[]): string {
  return texts.map((t) => t.text).join("\n\n");
}

function withoutHookPrefix(message: string, hookPath: string): string {
  const prefix = `Hook \`${hookPath}\`: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

const LEVELS: Record<string, HookSource["level"]> = {
  user: "user",
  project: "project",
  local: "local",
  plugin: "plugin",
  host: "explicit",
};

/**
 * One LoadedHook whose native handlers run the matching settings handlers of the mapped event in
 * parallel (identical ones once) and fold their answers with `aggregate`.
 */
export async function createSettingsHooks(
  handlers: readonly SettingsHandler[],
  options: SettingsHooksOptions,
): Promise<LoadedHook> {
  const cwd = options.cwd;
  const projectDir = options.projectDir ?? cwd;
  const session: SessionInfo = {
    sessionId: options.sessionId ?? randomUUID(),
    transcriptPath: options.transcriptPath,
    ...options.hostSession?.(),
    cwd,
    permissionMode: options.permissionMode,
    effort: options.effort,
  };
  const transcript =
    options.transcript instanceof TranscriptWriter
      ? options.transcript
      : options.transcriptPath !== undefined ||
          options.hostSession !== undefined ||
          options.transcript === false ||
          handlers.length === 0
        ? undefined
        : new TranscriptWriter({
            file: path.join(options.transcriptDir ?? defaultTranscriptDir(cwd), `${session.sessionId}.jsonl`),
            sessionId: session.sessionId,
            cwd,
          });
  if (transcript) session.transcriptPath = transcript.path;
  const stopHookCap = options.stopHookCap ?? 8;
  let sessionEnv = options.sessionEnv;
  let envFiles = 0;
  /** When each tool call's hooks finished, for `duration_ms`; a call blocked elsewhere never reports back. */
  const toolStarted = new Map<string, number>();
  const markStarted = (toolCallId: string) => {
    if (toolStarted.size >= 1024) toolStarted.delete(toolStarted.keys().next().value as string);
    toolStarted.set(toolCallId, performance.now());
  };
  const problems = settingsHandlerProblems(handlers, options);
  const unusable = new Set(problems.map((p) => p.hookPath));

  const prepared: Prepared[] = [];
  for (const handler of handlers) {
    if (!BRIDGED.has(handler.event)) continue;
    const hookPath = settingsHookPath(handler, cwd);
    if (unusable.has(hookPath)) continue;
    let matches: (value: string) => boolean;
    try {
      matches = compileMatcher(handler.matcher, { event: handler.event });
    } catch (cause) {
      problems.push(new HookError({ code: "HOOK_INVALID_MATCHER", hookPath, event: handler.event, cause }));
      continue;
    }
    const rule = handler.config.if !== undefined ? parseRule(handler.config.if) : undefined;
    prepared.push({
      handler,
      hookPath,
      matches,
      rule,
      runner: prepareRun(handler, {
        cwd,
        projectDir,
        outputDir: options.outputDir,
        executors: options.executors,
        envAliases: options.envAliases,
        secretEnv: options.secretEnv,
        beforeCommand: options.beforeCommand,
      }),
      async: handler.config.type === "command" && (handler.config as CommandHandlerConfig).async === true,
    });
  }

  const hasRules = prepared.some((p) => p.rule !== undefined);
  const files = new Set(handlers.map((h) => h.file));
  const onlyFile = files.size === 1 ? [...files][0] : undefined;
  const hookName = options.path ?? (onlyFile ? displayPath(onlyFile, cwd) : "settings hooks");
  const scopes = new Set(handlers.map((h) => h.scope));
  const onlyScope = scopes.size === 1 ? [...scopes][0] : undefined;
  const source: HookSource = {
    kind: "settings",
    file: onlyFile,
    level: onlyScope ? LEVELS[onlyScope] : undefined,
  };

  /** Running async hooks: what stops each, and its settled promise. */
  const background = new Map<AbortController, Promise<void>>();
  const shutdownGraceMs = options.asyncShutdownGraceMs ?? 1000;
  let consecutiveStopBlocks = 0;
  let compactTrigger: "manual" | "auto" = "auto";

  const factory = (pi: HookAPI) => {
    let problemsReported = false;
    const reportProblems = () => {
      if (problemsReported) return;
      problemsReported = true;
      for (const problem of problems) pi.reportError(problem, problem.event);
    };

    const selected = (
      event: BridgedEventName,
      input: HookInput,
      tool?: { name: string; input: Record<string, unknown> },
    ) => {
      const field = matcherField(event);
      const value = field ? (input as unknown as Record<string, unknown>)[field] : undefined;
      return prepared.filter((p) => {
        if (p.handler.event !== event) return false;
        // Claude Code never runs a handler whose `if` sits on an event without a tool call.
        if (p.rule && !isToolEvent(event)) return false;
        if (tool) {
          // The Claude tool name, exactly: a matcher `bash` does not fire on `Bash`.
          const settingsName = typeof value === "string" ? value : tool.name;
          if (!p.matches(settingsName)) return false;
          if (p.rule) {
            return matchesRule(
              p.rule,
              { toolName: tool.name, input: tool.input, cwd },
              { mode: "if-filter" },
            );
          }
          return true;
        }
        return field === undefined || p.matches(typeof value === "string" ? value : "");
      });
    };

    const report = (outcome: AggregatedOutcome, event: string) => {
      for (const error of outcome.errors) {
        pi.reportError(
          new HookError({ code: error.code, hookPath: error.hookPath, event, message: error.text }),
          event,
        );
      }
      for (const warning of outcome.warnings) {
        pi.reportError(
          new HookError({
            code: "HOOK_OUTPUT_IGNORED",
            hookPath: warning.hookPath,
            event,
            message: withoutHookPrefix(warning.text, warning.hookPath),
          }),
          event,
        );
      }
    };

    const startAsync = (p: Prepared, input: HookInput, event: string) => {
      const controller = new AbortController();
      const done = p.runner
        .run(input, { hookName: p.hookPath, event, outputDir: options.outputDir }, controller.signal)
        .then((result) => {
          background.delete(controller);
          if (controller.signal.aborted) return;
          const outcome = aggregate(event, [{ hookPath: p.hookPath, result }]);
          report(outcome, event);
          // Background hooks never decide: only what they want the model or the user to read is kept.
          const texts = [...outcome.additionalContext, ...outcome.systemMessages];
          if (texts.length === 0) return;
          pi.sendMessage(
            {
              customType: "hook_async_output",
              content: joined(texts),
              display: true,
              details: { event, sources: texts },
            },
            { deliverAs: "followUp" },
          );
        })
        // No caller awaits a background hook: a host that cannot take its output must not see an
        // unhandled rejection, which would end the process.
        .catch((cause: unknown) => {
          try {
            pi.reportError(
              new HookError({
                code: "HOOK_ASYNC_DELIVERY_FAILED",
                hookPath: p.hookPath,
                event,
                message: `the output of this async hook could not be delivered: ${errorMessage(cause)}`,
                cause,
              }),
              event,
            );
          } catch {
            // Outside a runner there is nobody left to tell.
          }
        });
      background.set(controller, done);
    };

    const run = async (
      event: BridgedEventName,
      fields: EventInputFields[BridgedEventName],
      ctx: HookContext,
      tool?: { name: string; input: Record<string, unknown> },
    ): Promise<EventRun> => {
      reportProblems();
      if (options.hostSession) Object.assign(session, options.hostSession());
      const input = buildHookInput(event, fields as never, session) as HookInput;
      // `if` rules read Bash commands with the grammar; if it cannot load, they treat commands as unanalysable.
      if (tool && hasRules) await loadShellParser().catch(() => undefined);
      const matched = selected(event, input, tool);
      // Hooks read transcript_path: it holds every line up to now before any of them starts.
      if (matched.length > 0) transcript?.flush();
      const unique = new Map<string, Prepared>();
      for (const p of matched) {
        if (p.async) startAsync(p, input, event);
        else if (!unique.has(p.runner.key)) unique.set(p.runner.key, p);
      }
      const list = [...unique.values()];
      const results: HandlerResult[] = await Promise.all(
        list.map(async (p) => {
          const started = performance.now();
          // Only SessionStart hooks get CLAUDE_ENV_FILE in Claude Code 2.1 (checked in the conformance suite).
          let extraEnv: Record<string, string> | undefined;
          if (event === "SessionStart" && p.handler.config.type === "command") {
            sessionEnv ??= new SessionEnvironment(defaultSessionEnvDir(session.sessionId));
            extraEnv = { CLAUDE_ENV_FILE: sessionEnv.createFile("SessionStart", envFiles++) };
          }
          const result = await p.runner.run(
            input,
            { hookName: p.hookPath, event, outputDir: options.outputDir },
            undefined,
            extraEnv,
          );
          options.onHandlerRun?.({
            hookPath: p.hookPath,
            event,
            result,
            durationMs: performance.now() - started,
          });
          return result;
        }),
      );
      const outcome = aggregate(
        event,
        list.map((p, i) => ({ hookPath: p.hookPath, result: results[i] as HandlerResult })),
      );
      report(outcome, event);
      for (const message of outcome.systemMessages) ctx.ui.notify(message.text, "warning");
      if (outcome.stop && !CONTINUE_EVENTS.has(event)) outcome.stop = undefined;
      if (outcome.stop) {
        ctx.ui.notify(outcome.stop.reason || `Stopped by hook \`${outcome.stop.hookPath}\``, "warning");
        ctx.abort();
      }
      return { outcome };
    };

    // Unusable handlers still subscribe their event, so the first emit reports them.
    const has = (event: string) => handlers.some((h) => h.event === event);
    const contextMessage = (texts: AttributedText[], event: string) => ({
      customType: "hook_context",
      content: joined(texts),
      display: false,
      details: { event, sources: texts },
    });

    // Fast path, asked once per event and tool: does any handler's matcher take this tool? A tool no
    // matcher takes costs a map lookup, whatever its input or output (no hook input is built).
    // With unusable handlers every tool counts, so the first emit reports them.
    const matchedTools = new Map<string, boolean>();
    const matchesTool = (event: "PreToolUse" | "PostToolUse" | "PostToolUseFailure", toolName: string) => {
      const key = `${event}\0${toolName}`;
      let found = matchedTools.get(key);
      if (found === undefined) {
        const settingsName = toSettingsTool(toolName, {}).tool_name;
        found =
          has(event) &&
          (problems.length > 0 || prepared.some((p) => p.handler.event === event && p.matches(settingsName)));
        matchedTools.set(key, found);
      }
      return found;
    };
    const afterTool = (toolName: string) =>
      matchesTool("PostToolUse", toolName) || matchesTool("PostToolUseFailure", toolName);

    const preToolUse = async (event: ToolCallEvent, ctx: HookContext) => {
      const settings = toSettingsTool(event.toolName, event.input, { cwd });
      const { outcome } = await run(
        "PreToolUse",
        { tool_name: settings.tool_name, tool_input: settings.tool_input, tool_use_id: event.toolCallId },
        ctx,
        { name: event.toolName, input: event.input },
      );
      markStarted(event.toolCallId);
      const result: ToolCallEventResult = {};
      if (outcome.blocks.length > 0) {
        // A blocked call's only text for the model is the reason: context given with it travels there.
        const reason = [blockReason(outcome.blocks), ...outcome.additionalContext.map((t) => t.text)];
        return { block: true, reason: reason.join("\n") };
      }
      if (outcome.additionalContext.length > 0) result.additionalContext = outcome.additionalContext;
      // `continue: false` does not stop this call: it runs, then the turn ends (run() aborted it).
      if (outcome.updatedInput) {
        result.input = fromSettingsInput(event.toolName, outcome.updatedInput);
        const missing = missingRequiredFields(event.toolName, outcome.updatedInput);
        if (missing.length > 0) {
          pi.reportError(
            new HookError({
              code: "HOOK_INPUT_INCOMPLETE",
              hookPath: outcome.updatedInputBy ?? hookName,
              event: "PreToolUse",
              message:
                `updatedInput replaces the whole ${settings.tool_name} input and lacks ${missing.map((f) => `"${f}"`).join(", ")}; ` +
                "Claude Code would refuse this call. Return every field the tool needs (the original input is in tool_input).",
            }),
            "PreToolUse",
          );
        }
      }
      if (outcome.permission) {
        result.permission = outcome.permission.decision;
        if (outcome.permission.reason) result.reason = outcome.permission.reason;
      }
      return Object.keys(result).length > 0 ? result : undefined;
    };

    const postToolUse = async (event: ToolResultEvent, ctx: HookContext, started: number | undefined) => {
      const settings = toSettingsTool(event.toolName, event.input, { cwd });
      const text = textOf(event.content);
      const common = {
        tool_name: settings.tool_name,
        tool_input: settings.tool_input,
        tool_use_id: event.toolCallId,
      };
      const duration_ms = started === undefined ? 0 : Math.round(performance.now() - started);
      const tool = { name: event.toolName, input: event.input };
      const failed = event.isError;
      const response = toSettingsResponse(event.toolName, {
        input: settings.tool_input,
        text,
        details: event.details,
      });
      const { outcome } = failed
        ? await run(
            "PostToolUseFailure",
            { ...common, error: text, is_interrupt: false, duration_ms },
            ctx,
            tool,
          )
        : await run("PostToolUse", { ...common, tool_response: response, duration_ms }, ctx, tool);
      const result: ToolResultEventResult = {};
      // A PostToolUse block cannot undo the call: its reason goes to the model with the result.
      const context = [...outcome.additionalContext, ...outcome.blocks];
      if (context.length > 0) result.additionalContext = context;
      const replaced =
        outcome.updatedToolOutput && !failed
          ? toContent(outcome.updatedToolOutput.value, settings.tool_name)
          : undefined;
      if (replaced) result.content = replaced;
      // Claude Code writes the result after PostToolUse hooks ran: they do not see it in the transcript.
      transcript?.toolResult(event.toolCallId, replaced ? textOf(replaced) : text, failed, response);
      return Object.keys(result).length > 0 ? result : undefined;
    };

    // The transcript records every call and result, hooked or not; its lines are built only when a hook
    // is about to read them (`transcript.flush()` in run()), so an unhooked tool pays a closure, not a
    // JSON line and a file write.
    const onToolCall = (event: ToolCallEvent, ctx: HookContext) => {
      transcript?.later((t) => {
        const settings = toSettingsTool(event.toolName, event.input, { cwd });
        t.toolUse(event.toolCallId, settings.tool_name, settings.tool_input);
      });
      if (matchesTool("PreToolUse", event.toolName)) return preToolUse(event, ctx);
      // Only a later PostToolUse reads when the call started (its duration_ms).
      if (afterTool(event.toolName)) markStarted(event.toolCallId);
      return undefined;
    };
    const onToolResult = (event: ToolResultEvent, ctx: HookContext) => {
      const started = toolStarted.get(event.toolCallId);
      toolStarted.delete(event.toolCallId);
      if (matchesTool(event.isError ? "PostToolUseFailure" : "PostToolUse", event.toolName)) {
        return postToolUse(event, ctx, started);
      }
      transcript?.later((t) => {
        const settings = toSettingsTool(event.toolName, event.input, { cwd });
        const text = textOf(event.content);
        const response = toSettingsResponse(event.toolName, {
          input: settings.tool_input,
          text,
          details: event.details,
        });
        t.toolResult(event.toolCallId, text, event.isError, response);
      });
      return undefined;
    };
    if (transcript) {
      pi.on("tool_call", onToolCall);
      pi.on("tool_result", onToolResult);
    } else {
      // Without a transcript, a tool no matcher takes is skipped by the runner (forTools), before any emit.
      if (has("PreToolUse") || has("PostToolUse") || has("PostToolUseFailure")) {
        pi.on(
          "tool_call",
          forTools(onToolCall, (toolName) => matchesTool("PreToolUse", toolName) || afterTool(toolName)),
        );
      }
      if (has("PostToolUse") || has("PostToolUseFailure")) {
        pi.on("tool_result", forTools(onToolResult, afterTool));
      }
    }

    // Every prompt gets its own prompt_id, which later tool events, Stop and SessionEnd carry.
    pi.on("before_agent_start", async (event, ctx) => {
      session.promptId = randomUUID();
      const promptId = session.promptId;
      // The prompt enters the transcript once UserPromptSubmit let it through, as in Claude Code.
      const accepted = () => transcript?.prompt(event.prompt, promptId, session.permissionMode);
      if (has("UserPromptSubmit")) {
        const { outcome } = await run("UserPromptSubmit", { prompt: event.prompt }, ctx);
        if (outcome.stop) return { block: true, reason: outcome.stop.reason || "Stopped by a settings hook" };
        if (outcome.blocks.length > 0) return { block: true, reason: blockReason(outcome.blocks) };
        accepted();
        const texts = [...outcome.plainText, ...outcome.additionalContext];
        return texts.length > 0 ? { message: contextMessage(texts, "UserPromptSubmit") } : undefined;
      }
      accepted();
      return undefined;
    });

    if (has("SessionStart")) {
      pi.on("session_start", async (_event, ctx) => {
        const model = ctx.model as { id?: unknown } | undefined;
        const { outcome } = await run(
          "SessionStart",
          {
            source: options.sessionStartSource ?? "startup",
            ...(typeof model?.id === "string" ? { model: model.id } : {}),
          },
          ctx,
        );
        const texts = [...outcome.plainText, ...outcome.additionalContext];
        if (texts.length > 0) pi.sendMessage(contextMessage(texts, "SessionStart"));
      });
    }

    if (has("SessionEnd") || prepared.some((p) => p.async)) {
      pi.on("session_shutdown", async (_event, ctx) => {
        if (has("SessionEnd")) await run("SessionEnd", { reason: "other" }, ctx);
        // Async hooks started just before the end (a PostToolUse logger) get a moment to finish, as in
        // Claude Code; whatever still runs after it is stopped.
        if (background.size > 0) {
          let timer: NodeJS.Timeout | undefined;
          const grace = new Promise<void>((resolve) => {
            timer = setTimeout(resolve, shutdownGraceMs);
          });
          await Promise.race([Promise.allSettled([...background.values()]), grace]);
          clearTimeout(timer);
        }
        for (const controller of background.keys()) controller.abort();
        background.clear();
      });
    }

    if (transcript || has("Stop")) {
      pi.on("agent_end", async (event, ctx) => {
        const last = lastAssistantText(event.messages);
        if (last !== undefined) transcript?.assistantText(last);
        if (!has("Stop")) return;
        const { outcome } = await run(
          "Stop",
          {
            stop_hook_active: consecutiveStopBlocks > 0,
            last_assistant_message: last,
            background_tasks: [],
            session_crons: [],
          },
          ctx,
        );
        // Stop's additionalContext continues the conversation like a block, under the same loop cap.
        const feedback =
          outcome.blocks.length > 0 ? blockReason(outcome.blocks) : joined(outcome.additionalContext);
        if (outcome.stop || feedback === "") {
          consecutiveStopBlocks = 0;
          return;
        }
        if (consecutiveStopBlocks >= stopHookCap) {
          consecutiveStopBlocks = 0;
          const notice = `Stop hooks blocked the agent from stopping ${stopHookCap} times in a row; the stop is allowed. Last reason: ${feedback}`;
          ctx.ui.notify(notice, "warning");
          pi.sendMessage({ customType: "stop_hook", content: notice, display: true });
          return;
        }
        consecutiveStopBlocks++;
        pi.sendMessage({ customType: "stop_hook", content: feedback, display: true }, { triggerTurn: true });
      });
    }

    if (has("PreCompact")) {
      pi.on("session_before_compact", async (event, ctx) => {
        compactTrigger = event.customInstructions !== undefined ? "manual" : "auto";
        const { outcome } = await run(
          "PreCompact",
          { trigger: compactTrigger, custom_instructions: event.customInstructions ?? "" },
          ctx,
        );
        return outcome.stop || outcome.blocks.length > 0 ? { cancel: true } : undefined;
      });
    }

    if (has("PostCompact")) {
      pi.on("session_compact", async (event, ctx) => {
        const summary = event.compactionEntry.summary;
        await run(
          "PostCompact",
          { trigger: compactTrigger, ...(typeof summary === "string" ? { compact_summary: summary } : {}) },
          ctx,
        );
      });
    }
  };

  return instantiateHook(factory, {
    path: hookName,
    cwd,
    resolvedPath: onlyFile ?? path.resolve(cwd, hookName),
    source,
  });
}
