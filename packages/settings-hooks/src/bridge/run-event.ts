// The bridge's fourth step: run one event's matching handlers, in the dialect's way, and fold their answers.
import type { HookContext } from "@hookwire/core";
import { nowMs } from "@hookwire/core/internal";
import { loadShellParser } from "@hookwire/shell-rules";
import { aggregate } from "../aggregate.js";
import type { AggregatedOutcome, AttributedResult } from "../dialect-kit/outcome.js";
import type { SessionInfo } from "../dialect-kit/session.js";
import type { AnyBridgedEvent, Dialect, DialectToolCall } from "../dialect-kit/types.js";
import type { HandlerResult } from "../protocol/output.js";
import { flushSavedOutputs } from "../protocol/saved-output.js";
import { defaultSessionEnvDir, SessionEnvironment } from "../session-env.js";
import type { BridgeContext } from "./context.js";
import { selected } from "./matching.js";
import { reportOutcome } from "./report.js";
import type { BridgeRuntime } from "./runtime.js";
import type { Prepared } from "./select.js";

/** The handlers an occurrence runs once each, in order; background ones are started, not listed. */
function toRun(rt: BridgeRuntime, dialect: Dialect, matched: Prepared[], input: Record<string, unknown>) {
  const unique = new Map<string, Prepared>();
  // Claude Code runs identical handlers once; a dialect with `dedupe: false` (Codex) runs each.
  const dedupe = dialect.settings.dedupe !== false;
  matched.forEach((p, index) => {
    const key = dedupe ? p.runner.key : String(index);
    const first = unique.get(key);
    if (p.async) rt.bridge.background.start(p, input, rt.api);
    else if (!first) unique.set(key, p);
    else if (rt.bridge.debug) rt.bridge.skipped(p, `identical to ${first.hookPath}, which runs once`);
  });
  return [...unique.values()];
}

/** A fresh env file for a command handler of an `envFile` event (Claude's SessionStart), as its variable. */
function envFileFor(bridge: BridgeContext, dialect: Dialect, spec: AnyBridgedEvent, p: Prepared) {
  const variable = spec.envFile ? dialect.variables.envFile : undefined;
  if (!variable || p.handler.config.type !== "command") return undefined;
  bridge.sessionEnv ??= new SessionEnvironment(defaultSessionEnvDir(bridge.session.sessionId));
  return { [variable]: bridge.sessionEnv.createFile(spec.name, bridge.envFiles++) };
}

async function runOne(
  bridge: BridgeContext,
  dialect: Dialect,
  spec: AnyBridgedEvent,
  p: Prepared,
  stdin: Record<string, unknown>,
): Promise<HandlerResult> {
  const started = nowMs();
  const result = await p.runner.run(
    stdin as never,
    { hookName: p.hookPath, event: spec.name, outputDir: bridge.options.outputDir },
    undefined,
    envFileFor(bridge, dialect, spec, p),
  );
  bridge.onHandlerRun?.({
    hookPath: p.hookPath,
    dialect: dialect.id,
    event: spec.name,
    result,
    durationMs: nowMs() - started,
  });
  return result;
}

/**
 * Handlers run one after another when the dialect says so: Gemini's `sequential: true` groups, each seeing
 * the stdin as the previous successful one's rewrite left it; Copilot CLI's, where the first that blocks
 * ends the event and the rest never run. Otherwise all at once.
 */
async function runAll(
  bridge: BridgeContext,
  dialect: Dialect,
  spec: AnyBridgedEvent,
  list: Prepared[],
  input: Record<string, unknown>,
): Promise<AttributedResult[]> {
  const sequential = dialect.sequential;
  const untilBlock = dialect.settings.run === "sequential-until-block";
  if (!untilBlock && !(sequential && list.some((p) => p.handler.sequential))) {
    const answers = await Promise.all(list.map((p) => runOne(bridge, dialect, spec, p, input)));
    return list.map((p, i) => ({ hookPath: p.hookPath, result: answers[i] as HandlerResult }));
  }
  const results: AttributedResult[] = [];
  let stdin = input;
  for (const p of list) {
    const result = await runOne(bridge, dialect, spec, p, stdin);
    results.push({ hookPath: p.hookPath, result });
    if (sequential && result.status === "success") stdin = sequential.chain(stdin, result.output, spec.name);
    if (untilBlock && aggregate(spec, [{ hookPath: p.hookPath, result }]).blocks.length > 0) break;
  }
  return results;
}

/** Runs one event's matching handlers and folds their answers; `continue: false` aborts where it may. */
export async function runEvent(
  rt: BridgeRuntime,
  dialect: Dialect,
  spec: AnyBridgedEvent,
  fields: object,
  /** This call's session (answer.ts): what the handlers' input names. */
  session: SessionInfo,
  ctx: HookContext,
  tool?: DialectToolCall,
): Promise<{ outcome: AggregatedOutcome; results: AttributedResult[] }> {
  const { bridge } = rt;
  rt.reportProblems();
  const input = dialect.protocol.input(spec, fields, session) as Record<string, unknown>;
  // `if` rules read Bash commands with the grammar; if it cannot load, they treat commands as unanalysable.
  if (tool && bridge.hasRules) await loadShellParser().catch(() => undefined);
  const matched = selected(bridge, spec, input, tool);
  // Hooks read transcript_path: it holds every line up to now before any of them starts.
  // Results saved to files are on disk too, so a hook can read the whole output its line names.
  if (matched.length > 0) {
    bridge.transcript?.flush();
    await flushSavedOutputs();
  }
  const results = await runAll(bridge, dialect, spec, toRun(rt, dialect, matched, input), input);
  const outcome = aggregate(spec, results);
  reportOutcome(rt.api, outcome, spec.name);
  for (const message of outcome.systemMessages) ctx.ui.notify(message.text, "warning");
  if (outcome.stop && !spec.canStop) outcome.stop = undefined;
  if (outcome.stop) {
    ctx.ui.notify(outcome.stop.reason || `Stopped by hook \`${outcome.stop.hookPath}\``, "warning");
    ctx.abort();
  }
  return { outcome, results };
}
