// Turns settings handlers into one LoadedHook on native events, so both kinds of hooks share one runner.
import { randomUUID } from "node:crypto";
import path from "node:path";
import {
  displayPath,
  errorMessage,
  escapeForTerminal,
  forTools,
  type HookAPI,
  type HookContext,
  HookError,
  type HookEvent,
  type HookSource,
  instantiateHook,
  type LoadedHook,
  type NativeEventName,
  outranks,
  type PermissionDecision,
  type ToolCallEvent,
} from "@hookwire/core";
import { loadShellParser, matchesRule } from "@hookwire/shell-rules";
import { aggregate } from "./aggregate.js";
import type { SettingsHandlerRun, SettingsHooksOptions } from "./bridge/options.js";
import { type Prepared, selectHandlers } from "./bridge/select.js";
import { prepareSession } from "./bridge/session.js";
import { dialectOf } from "./compiled.js";
import { eventsByNative, isBridged } from "./dialect/catalogue.js";
import { joined, lastAssistantText, textOf } from "./dialect/messages.js";
import type { AggregatedOutcome, AttributedResult } from "./dialect/outcome.js";
import { ruleTools } from "./dialect/rule-tools.js";
import { nativeTool, toDialectCall, toolResponse } from "./dialect/tools.js";
import type {
  AnyBridgedEvent,
  BridgeSettings,
  Dialect,
  DialectToolCall,
  EventContext,
} from "./dialect/types.js";
import { claudeTools } from "./dialects/claude/tools.js";
import { loadDialects } from "./dialects/registry.js";
import { debugFromEnv, formatHandlerRun, formatHandlerSkip } from "./handlers/run-debug.js";
import { saveToolResultNow } from "./large-output.js";
import type { HandlerResult } from "./protocol/output.js";
import { flushSavedOutputs } from "./protocol/saved-output.js";
import { defaultSessionEnvDir, SessionEnvironment } from "./session-env.js";
import type { TranscriptWriter } from "./transcript.js";
import type { SettingsHandler } from "./types.js";

function withoutHookPrefix(message: string, hookPath: string): string {
  const prefix = `Hook \`${hookPath}\`: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

/**
 * One LoadedHook whose native handlers run the matching settings handlers of each dialect's events in
 * parallel (identical ones once) and fold their answers with `aggregate`. Each dialect subscribes its
 * native events on its own, so the runner's policy combines dialects as it combines hooks.
 */
export async function createSettingsHooks(
  handlers: readonly SettingsHandler[],
  options: SettingsHooksOptions,
): Promise<LoadedHook> {
  // Hand-built handlers too: every dialect they are written in is loaded before anything reads it.
  await loadDialects(new Set(handlers.map((handler) => handler.dialect)));
  const cwd = options.cwd;
  const { session, transcript, outputLimits, toolResultsDirNow } = prepareSession(handlers.length, options);
  const settings: BridgeSettings = {
    sessionStartSource: options.sessionStartSource ?? "startup",
    stopHookCap: options.stopHookCap ?? 8,
  };
  let sessionEnv = options.sessionEnv;
  let envFiles = 0;
  /** When each tool call's hooks finished, for `duration_ms`; a call blocked elsewhere never reports back. */
  const toolStarted = new Map<string, number>();
  const markStarted = (toolCallId: string) => {
    if (toolStarted.size >= 1024) toolStarted.delete(toolStarted.keys().next().value as string);
    toolStarted.set(toolCallId, performance.now());
  };
  const debug = options.debug ?? debugFromEnv();
  const { prepared, problems } = selectHandlers(handlers, options, debug);
  // HOOKWIRE_DEBUG=1 in a host that listens to nothing: the log goes to stderr, one block per handler.
  const toStderr = debug && !options.onHandlerRun;
  // Hook output is the project's: shown with control characters escaped, so it cannot drive the terminal.
  const log = (lines: string[]) =>
    process.stderr.write(`${lines.map((l) => `[hookwire] ${escapeForTerminal(l)}`).join("\n")}\n`);
  const onHandlerRun = toStderr
    ? (run: SettingsHandlerRun) => log(formatHandlerRun(run))
    : options.onHandlerRun;
  const skipped = ({ p, why }: { p: Prepared; why: string }) => {
    const skip = { hookPath: p.hookPath, dialect: p.handler.dialect, event: p.spec.name, why };
    if (options.onHandlerSkipped) options.onHandlerSkipped(skip);
    else if (toStderr) log(formatHandlerSkip(skip));
  };

  const hasRules = prepared.some((p) => p.rule !== undefined);
  const files = new Set(handlers.map((h) => h.file));
  const onlyFile = files.size === 1 ? [...files][0] : undefined;
  const hookName = options.path ?? (onlyFile ? displayPath(onlyFile, cwd) : "settings hooks");
  const scopes = new Set(handlers.map((h) => h.scope));
  const onlyScope = scopes.size === 1 ? [...scopes][0] : undefined;
  const source: HookSource = {
    kind: "settings",
    file: onlyFile,
    level: onlyScope,
  };
  /** The dialects with handlers, in the order their handlers come. */
  const dialects = [...new Set(handlers.map(dialectOf))];
  // Unusable handlers still subscribe their event, so the first emit reports them.
  const configured = new Set(handlers.map((h) => `${h.dialect}\0${h.event}`));
  const has = (dialect: Dialect, spec: AnyBridgedEvent) => configured.has(`${dialect.id}\0${spec.name}`);
  const toolEvents = dialects.flatMap((dialect) =>
    dialect.events
      .filter(isBridged)
      .filter((spec) => spec.tool && has(dialect, spec))
      .map((spec) => ({ dialect, spec })),
  );

  /** Running async hooks: what stops each, and its settled promise. */
  const background = new Map<AbortController, Promise<void>>();
  const shutdownGraceMs = options.asyncShutdownGraceMs ?? 1000;

  const factory = (pi: HookAPI) => {
    let problemsReported = false;
    const reportProblems = () => {
      if (problemsReported) return;
      problemsReported = true;
      for (const problem of problems) pi.reportError(problem, problem.event);
    };

    /** Why `p` does not run for this occurrence of its event, or undefined when it does. */
    const notSelected = (
      p: Prepared,
      spec: AnyBridgedEvent,
      input: Record<string, unknown>,
      tool?: DialectToolCall,
    ): string | undefined => {
      const matcher = JSON.stringify(p.handler.matcher ?? "");
      // The agents never run a handler whose `if` sits on an event without a tool call.
      if (p.rule && !spec.tool)
        return `its "if" rule applies only to tool events, and ${spec.name} is not one`;
      if (tool) {
        // The dialect's tool name, exactly: a matcher `bash` does not fire on `Bash`.
        if (!p.matches(tool.name)) return `matcher ${matcher} does not match tool "${tool.name}"`;
        const rule = p.rule;
        if (!rule) return undefined;
        const toolCall = { toolName: tool.name, input: tool.input, cwd };
        const ruleOptions = { mode: "if-filter" as const, tools: ruleTools(dialectOf(p.handler).tools) };
        if (matchesRule(rule, toolCall, ruleOptions)) return undefined;
        return `its "if" rule ${JSON.stringify((p.handler.config as { if?: string }).if ?? "")} does not match this ${tool.name} call`;
      }
      const field = spec.matcherField;
      if (field === undefined) return undefined;
      const value = typeof input[field] === "string" ? (input[field] as string) : "";
      return p.matches(value) ? undefined : `matcher ${matcher} does not match ${field} "${value}"`;
    };
    const selected = (spec: AnyBridgedEvent, input: Record<string, unknown>, tool?: DialectToolCall) =>
      prepared.filter((p) => {
        if (p.spec !== spec) return false;
        const why = notSelected(p, spec, input, tool);
        if (why !== undefined && debug) skipped({ p, why });
        return why === undefined;
      });

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

    const startAsync = (p: Prepared, input: Record<string, unknown>) => {
      const event = p.spec.name;
      const controller = new AbortController();
      const done = p.runner
        .run(input as never, { hookName: p.hookPath, event, outputDir: options.outputDir }, controller.signal)
        .then((result) => {
          background.delete(controller);
          if (controller.signal.aborted) return;
          const outcome = aggregate(p.spec, [{ hookPath: p.hookPath, result }]);
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

    /** Runs one event's matching handlers and folds their answers; `continue: false` aborts where it may. */
    const run = async (
      dialect: Dialect,
      spec: AnyBridgedEvent,
      fields: object,
      ctx: HookContext,
      tool?: DialectToolCall,
    ): Promise<{ outcome: AggregatedOutcome; results: AttributedResult[] }> => {
      reportProblems();
      if (options.hostSession) Object.assign(session, options.hostSession());
      const input = dialect.protocol.input(spec, fields, session) as Record<string, unknown>;
      // `if` rules read Bash commands with the grammar; if it cannot load, they treat commands as unanalysable.
      if (tool && hasRules) await loadShellParser().catch(() => undefined);
      const matched = selected(spec, input, tool);
      // Hooks read transcript_path: it holds every line up to now before any of them starts.
      // Results saved to files are on disk too, so a hook can read the whole output its line names.
      if (matched.length > 0) {
        transcript?.flush();
        await flushSavedOutputs();
      }
      const unique = new Map<string, Prepared>();
      // Claude Code runs identical handlers once; a dialect with `dedupe: false` (Codex) runs each.
      const dedupe = dialect.settings.dedupe !== false;
      matched.forEach((p, index) => {
        const key = dedupe ? p.runner.key : String(index);
        const first = unique.get(key);
        if (p.async) startAsync(p, input);
        else if (!first) unique.set(key, p);
        else if (debug) skipped({ p, why: `identical to ${first.hookPath}, which runs once` });
      });
      const list = [...unique.values()];
      const envFile = spec.envFile ? dialect.variables.envFile : undefined;
      const runOne = async (p: Prepared, stdin: Record<string, unknown>): Promise<HandlerResult> => {
        const started = performance.now();
        let extraEnv: Record<string, string> | undefined;
        if (envFile && p.handler.config.type === "command") {
          sessionEnv ??= new SessionEnvironment(defaultSessionEnvDir(session.sessionId));
          extraEnv = { [envFile]: sessionEnv.createFile(spec.name, envFiles++) };
        }
        const result = await p.runner.run(
          stdin as never,
          { hookName: p.hookPath, event: spec.name, outputDir: options.outputDir },
          undefined,
          extraEnv,
        );
        onHandlerRun?.({
          hookPath: p.hookPath,
          dialect: dialect.id,
          event: spec.name,
          result,
          durationMs: performance.now() - started,
        });
        return result;
      };
      // Handlers run one after another when the dialect says so: Gemini's `sequential: true` groups, each
      // seeing the stdin as the previous successful one's rewrite left it; Copilot CLI's, where the first
      // that blocks ends the event and the rest never run. Otherwise all at once.
      const sequential = dialect.sequential;
      const untilBlock = dialect.settings.run === "sequential-until-block";
      let answers: HandlerResult[];
      if (untilBlock || (sequential && list.some((p) => p.handler.sequential))) {
        answers = [];
        let stdin = input;
        for (const p of list) {
          const result = await runOne(p, stdin);
          answers.push(result);
          if (sequential && result.status === "success")
            stdin = sequential.chain(stdin, result.output, spec.name);
          if (untilBlock && aggregate(spec, [{ hookPath: p.hookPath, result }]).blocks.length > 0) break;
        }
        list.length = answers.length;
      } else {
        answers = await Promise.all(list.map((p) => runOne(p, input)));
      }
      const results = list.map((p, i) => ({ hookPath: p.hookPath, result: answers[i] as HandlerResult }));
      const outcome = aggregate(spec, results);
      report(outcome, spec.name);
      for (const message of outcome.systemMessages) ctx.ui.notify(message.text, "warning");
      if (outcome.stop && !spec.canStop) outcome.stop = undefined;
      if (outcome.stop) {
        ctx.ui.notify(outcome.stop.reason || `Stopped by hook \`${outcome.stop.hookPath}\``, "warning");
        ctx.abort();
      }
      return { outcome, results };
    };

    // Fast path, asked once per event and tool: does any handler's matcher take this tool? A tool no
    // matcher takes costs a map lookup, whatever its input or output (no hook input is built).
    // With unusable handlers every tool counts, so the first emit reports them.
    const matchedTools = new Map<AnyBridgedEvent, Map<string, boolean>>();
    const matchesTool = (dialect: Dialect, spec: AnyBridgedEvent, toolName: string) => {
      let byTool = matchedTools.get(spec);
      if (!byTool) {
        byTool = new Map();
        matchedTools.set(spec, byTool);
      }
      let found = byTool.get(toolName);
      if (found === undefined) {
        const name = nativeTool(dialect.tools, toolName)?.name ?? toolName;
        found =
          has(dialect, spec) &&
          (problems.length > 0 || prepared.some((p) => p.spec === spec && p.matches(name)));
        byTool.set(toolName, found);
      }
      return found;
    };
    const matchesAnyTool = (native: NativeEventName, toolName: string) =>
      toolEvents.some(({ dialect, spec }) => spec.native === native && matchesTool(dialect, spec, toolName));
    /** Calls whose post-tool hooks ran: their result goes to the transcript at once, after them. */
    const hookedResults = new Set<string>();

    /** One dialect's events on one native event: those whose `fires` takes the occurrence, in catalogue order. */
    const dialectHandler =
      (dialect: Dialect, state: unknown, specs: readonly AnyBridgedEvent[], native: NativeEventName) =>
      async (event: HookEvent<NativeEventName>, hook: HookContext) => {
        const call = event as Partial<ToolCallEvent>;
        let tool: DialectToolCall | undefined;
        let answer: Record<string, unknown> | undefined;
        for (const spec of specs) {
          if (!has(dialect, spec) || (spec.fires && !spec.fires(event as never))) continue;
          if (spec.tool) {
            if (!matchesTool(dialect, spec, call.toolName as string)) continue;
            // Translated once per call, for every event of the dialect that reads it.
            tool ??= toDialectCall(dialect.tools, call.toolName as string, call.input ?? {}, cwd);
            if (native === "tool_result") hookedResults.add(call.toolCallId as string);
          }
          const started = native === "tool_result" ? toolStarted.get(call.toolCallId as string) : undefined;
          // `if` rules are read with the Bash grammar; `largeOutput.save` asks them whether a handler runs.
          if (tool && hasRules) await loadShellParser().catch(() => undefined);
          const resultTool = native === "tool_result" ? tool : undefined;
          const ctx: EventContext<NativeEventName, unknown> = {
            event,
            hook,
            api: pi,
            session,
            state,
            options: settings,
            ...(tool ? { tool } : {}),
            ...(native === "tool_result"
              ? {
                  toolDurationMs: started === undefined ? 0 : Math.round(performance.now() - started),
                  largeOutput: {
                    limits: outputLimits,
                    // Only for a handler that runs: a call whose handlers' `if` rules all refuse it saves nothing here.
                    save: (text: string) => {
                      if (!resultTool || selected(spec, {}, resultTool).length === 0) return undefined;
                      const { dir, transcribed } = toolResultsDirNow();
                      return saveToolResultNow(dir, call.toolCallId as string, text, transcribed);
                    },
                  },
                }
              : {}),
            hookName,
            cwd,
            handlerFields: (hookPath) => prepared.find((p) => p.hookPath === hookPath)?.handler.fields,
          };
          const fields = spec.input(event as never, ctx);
          const { outcome, results } = await run(dialect, spec, fields, hook, tool);
          const result = (await spec.apply(outcome, { ...ctx, fields, results })) as
            | Record<string, unknown>
            | undefined;
          if (result === undefined) continue;
          if (native === "tool_call") {
            // The bridge is one hook for every settings file: name the handler that decided, not the bridge.
            const by = result.block === true ? outcome.blocks[0]?.hookPath : outcome.permission?.hookPath;
            if (by !== undefined && (result.block === true || result.permission !== undefined))
              result.decidedBy = by;
          }
          answer = { ...answer, ...result };
          // A refusal ends the occurrence: the dialect's later events on it do not run.
          if (result.block === true || result.cancel === true) break;
        }
        return answer;
      };

    // Bridge bookkeeping around the dialects' events (prompt ids, the transcript, call durations,
    // background hooks): `before` sees the occurrence as it came, `after` as the events left it, unless
    // one refused it (a blocked prompt never enters the transcript, a blocked call never reports back).
    const before: { [N in NativeEventName]?: (event: HookEvent<N>) => void } = {
      // Every prompt gets its own prompt_id, which later tool events, Stop and SessionEnd carry.
      before_agent_start: () => {
        session.promptId = randomUUID();
      },
    };
    const after: {
      [N in NativeEventName]?: (event: HookEvent<N>, original: HookEvent<N>) => void | Promise<void>;
    } = {
      // The prompt enters the transcript once the prompt hooks let it through, as in Claude Code.
      before_agent_start: (event) => {
        transcript?.prompt(event.prompt, session.promptId as string, session.permissionMode);
      },
    };
    if (transcript) {
      // The transcript records every call and result, hooked or not; its lines are built only when a hook
      // is about to read them (`transcript.flush()` in run()), so an unhooked tool pays a closure, not a
      // JSON line and a file write.
      before.tool_call = (event) => {
        transcript.later((t) => {
          const call = toDialectCall(claudeTools, event.toolName, event.input, cwd);
          t.toolUse(event.toolCallId, call.name, call.input);
        });
      };
      before.agent_end = (event) => {
        const last = lastAssistantText(event.messages);
        if (last !== undefined) transcript.assistantText(last);
      };
    }
    if (transcript || toolEvents.some(({ spec }) => spec.native === "tool_result")) {
      // Only a later post-tool event reads when the call started (its duration_ms).
      after.tool_call = (event) => {
        if (matchesAnyTool("tool_result", event.toolName)) markStarted(event.toolCallId);
      };
      after.tool_result = (event, original) => {
        toolStarted.delete(event.toolCallId);
        if (!transcript) return;
        const write = (t: TranscriptWriter) => {
          const call = toDialectCall(claudeTools, original.toolName, original.input, cwd);
          const text = textOf(original.content);
          const response = toolResponse(claudeTools, call, {
            input: call.input,
            text,
            details: original.details,
          });
          // Claude Code writes the result after PostToolUse hooks ran: they do not see it in the transcript.
          t.toolResult(event.toolCallId, textOf(event.content), original.isError, response);
        };
        if (hookedResults.delete(event.toolCallId)) write(transcript);
        else transcript.later(write);
      };
    }
    if (prepared.some((p) => p.async)) {
      // Async hooks started just before the end (a PostToolUse logger) get a moment to finish, as in
      // Claude Code; whatever still runs after it is stopped.
      after.session_shutdown = async () => {
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
      };
    }

    const stateOf = (dialect: Dialect) => {
      const states = options.states;
      if (!states) return dialect.createState();
      if (!(dialect.id in states)) states[dialect.id] = dialect.createState();
      return states[dialect.id];
    };
    const perDialect = dialects.map((dialect) => ({
      dialect,
      state: stateOf(dialect),
      byNative: eventsByNative(dialect),
    }));
    const subscribed = new Set<NativeEventName>([
      ...(Object.keys(before) as NativeEventName[]),
      ...(Object.keys(after) as NativeEventName[]),
    ]);
    for (const { dialect, byNative } of perDialect) {
      for (const [native, specs] of byNative)
        if (specs.some((spec) => has(dialect, spec))) subscribed.add(native);
    }

    // One handler per native event: the bridge is one hook, so a trace shows one row for it.
    for (const native of [...subscribed].sort((a, b) => rank(a) - rank(b))) {
      const runs = perDialect.flatMap(({ dialect, state, byNative }) => {
        const specs = (byNative.get(native) ?? []).filter((spec) => has(dialect, spec));
        return specs.length > 0
          ? [{ dialect, specs, handler: dialectHandler(dialect, state, specs, native) }]
          : [];
      });
      const first = before[native] as ((event: unknown) => void) | undefined;
      const last = after[native] as ((event: unknown, original: unknown) => void | Promise<void>) | undefined;
      const handler = async (event: HookEvent<NativeEventName>, hook: HookContext) => {
        first?.(event);
        let current = event;
        let answer: Record<string, unknown> | undefined;
        for (const { handler } of runs) {
          const result = await handler(current, hook);
          if (result === undefined) continue;
          answer = mergeAnswers(answer, result);
          if (refuses(result)) return answer;
          current = chained(current, result);
        }
        await last?.(current, event);
        return answer;
      };
      // Without a transcript, a tool no matcher takes is skipped by the runner (forTools), before any emit.
      const tools =
        native === "tool_call"
          ? (toolName: string) =>
              matchesAnyTool("tool_call", toolName) || matchesAnyTool("tool_result", toolName)
          : native === "tool_result"
            ? (toolName: string) => matchesAnyTool("tool_result", toolName)
            : undefined;
      pi.on(native, (tools && !transcript ? forTools(handler, tools) : handler) as never);
    }
  };

  return instantiateHook(factory, {
    path: hookName,
    cwd,
    resolvedPath: onlyFile ?? path.resolve(cwd, hookName),
    source,
  });
}

/** The order the bridge subscribes in, which `hookwire list` shows: tool events first, as hook modules tend to. */
const ORDER: readonly NativeEventName[] = [
  "tool_call",
  "tool_result",
  "before_agent_start",
  "session_start",
  "session_shutdown",
  "agent_end",
  "session_before_compact",
  "session_compact",
];

function rank(native: NativeEventName): number {
  const index = ORDER.indexOf(native);
  return index === -1 ? ORDER.length : index;
}

/** A refusal ends the occurrence: later dialects' events and the bridge's bookkeeping do not run. */
function refuses(answer: Record<string, unknown>): boolean {
  return answer.block === true || answer.cancel === true;
}

/** Two dialects' answers to one occurrence as one: texts for the model add up, a stronger verdict wins, else the later. */
function mergeAnswers(
  earlier: Record<string, unknown> | undefined,
  later: Record<string, unknown>,
): Record<string, unknown> {
  if (!earlier) return later;
  const merged = { ...earlier, ...later };
  const texts = [earlier.additionalContext, later.additionalContext].flatMap((value) =>
    value === undefined
      ? []
      : Array.isArray(value)
        ? value
        : [{ hookPath: "settings hooks", text: String(value) }],
  );
  if (texts.length > 0) merged.additionalContext = texts;
  const a = earlier.permission as PermissionDecision | undefined;
  const b = later.permission as PermissionDecision | undefined;
  if (a && b && !outranks(b, a)) {
    merged.permission = a;
    merged.reason = earlier.reason;
  }
  return merged;
}

/** The occurrence as the next dialect sees it: a rewritten tool input or output carries on (as the runner's policies chain them). */
function chained<E extends HookEvent<NativeEventName>>(event: E, answer: Record<string, unknown>): E {
  if (event.type === "tool_call" && isRecord(answer.input)) return { ...event, input: answer.input };
  if (event.type === "tool_result" && Array.isArray(answer.content))
    return { ...event, content: answer.content };
  return event;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
