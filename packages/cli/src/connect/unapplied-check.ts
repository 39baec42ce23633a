// `doctor` and `trust` on connected agents: every hook that relies on an answer a connected agent will not apply.
import path from "node:path";
import { readRegularFile } from "@hookwire/core/internal";
import type { DiscoverAndLoadResult } from "@hookwire/loader";
import { type DialectId, dialectById, findEvent, isBridged, loadDialect } from "@hookwire/settings-hooks";
import type { Finding } from "../finding.js";
import { shortPath } from "../project.js";
import { AGENTS, agentDialect, servedEvents } from "./agents.js";
import { applies, type Effect } from "./capabilities.js";

/** What a hook may answer that an agent can leave unapplied, and what happens there instead. */
const RELIED: Readonly<Partial<Record<Effect, { does: string; instead: string; fix: string }>>> = {
  output: {
    does: "may replace a tool's result (to hide output from the model)",
    instead: "the original output reaches the model",
    fix: "Keep the secret from being printed instead (block or rewrite the call in a tool_call handler).",
  },
  ask: {
    does: "asks the user (ctx.ui.confirm)",
    instead: "hookwire refuses the call, since the agent has no question for it",
    fix: "Block or allow the call yourself where the agent cannot ask.",
  },
  setStatus: {
    does: "sets a status line (ctx.ui.setStatus)",
    instead: "the status is kept for hooks and shown nowhere",
    fix: "Tell the user with ctx.ui.notify, which the agent shows as a hook's message.",
  },
};

/**
 * A module's calls read from its own file: what it subscribes to (when not loaded: before trust) and which UI it
 * uses. Text is a floor, not a proof (an event name built at run time escapes it): once trusted, doctor reads the
 * subscriptions from the loaded module itself.
 */
const SUBSCRIBES_RESULT = /\bon\s*\(\s*["'`]tool_result["'`]|["'`]tool_result["'`]\s*[,:]/;
const CONFIRMS = /\bconfirm\s*\(/;
const SETS_STATUS = /\bsetStatus\s*\(/;

/** A module's text up to 1 MiB; a FIFO, a device or a huge file (a repository can commit any) reads as nothing. */
function textOf(file: string): string {
  const read = readRegularFile(file, 1024 * 1024);
  return read.ok ? read.data.toString("utf8") : "";
}

/** Each hook (module or another agent's settings handler hookwire runs) with the effects it relies on. */
function reliance(result: DiscoverAndLoadResult, cwd: string) {
  const hooks: { where: string; what: string; file?: string; effects: Effect[] }[] = [];
  const modules = [
    ...result.hooks
      .filter((hook) => hook.source.kind !== "settings")
      .map((hook) => ({
        file: hook.resolvedPath,
        where: hook.path,
        result: hook.handlers.has("tool_result"),
      })),
    // A project not yet trusted: its modules did not load; their own text says what they subscribe to.
    ...result.skipped
      .filter((item) => item.kind === "hook")
      .map((item) => ({ file: path.resolve(cwd, item.path), where: item.path, result: undefined })),
  ];
  for (const module of modules) {
    const text = textOf(module.file);
    const effects: Effect[] = [];
    if (module.result ?? SUBSCRIBES_RESULT.test(text)) effects.push("output");
    if (CONFIRMS.test(text)) effects.push("ask");
    if (SETS_STATUS.test(text)) effects.push("setStatus");
    if (effects.length > 0) hooks.push({ where: shortPath(module.where, cwd), what: "the module", effects });
  }
  // A project not yet trusted runs no handler, but its files were read: their handlers are named too.
  const untrusted = new Set(
    result.skipped.filter((item) => item.kind === "settings").map((item) => path.resolve(cwd, item.path)),
  );
  const handlers = new Map(result.settings.handlers.map((h) => [`${h.file}#${h.jsonPath}`, h]));
  for (const file of result.settings.files)
    if (untrusted.has(path.resolve(cwd, file.source.file)))
      for (const h of file.handlers) handlers.set(`${h.file}#${h.jsonPath}`, h);
  for (const handler of handlers.values()) {
    const spec = findEvent(dialectById(handler.dialect), handler.event);
    if (!spec || !isBridged(spec) || spec.native !== "tool_result") continue;
    hooks.push({
      where: `${shortPath(handler.file, cwd)}#${handler.jsonPath}`,
      what: `this ${handler.event} handler`,
      file: handler.file,
      effects: ["output"],
    });
  }
  return hooks;
}

/** Whether `agent` applies `effect` at any event it serves (a status line: none does). */
function appliedBy(id: DialectId, effect: Effect): boolean {
  const dialect = agentDialect(AGENTS[id]);
  return servedEvents(dialect).some((spec) => applies(dialect, spec, effect) === true);
}

/**
 * One warning per hook and effect, naming every connected agent (`agents`) that will not apply it: a hook
 * meant to hide output is named before anyone relies on it.
 */
export async function unappliedFindings(
  result: DiscoverAndLoadResult,
  cwd: string,
  agents: ReadonlySet<DialectId>,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const id of agents) await loadDialect(id);
  // A settings file an agent runs itself is not hookwire's to answer there.
  const hookwireRuns = (file: string | undefined) => {
    const source = file ? result.settings.files.find((f) => f.source.file === file)?.source : undefined;
    return [...agents].filter((id) => !source || !AGENTS[id].runsItself(source));
  };
  for (const hook of reliance(result, cwd)) {
    for (const effect of hook.effects) {
      const relied = RELIED[effect];
      const labels = hookwireRuns(hook.file)
        .filter((id) => !appliedBy(id, effect))
        .map((id) => dialectById(id).label);
      if (!relied || labels.length === 0) continue;
      findings.push({
        severity: "warning",
        where: hook.where.split(path.sep).join("/"),
        message: `${hook.what} ${relied.does}: ${labels.join(", ")} will not apply that, and ${relied.instead} (docs/hosts.md, measured).`,
        fix: relied.fix,
      });
    }
  }
  return findings;
}

/** The agents a project's (or the user's) settings files connect, as discovery read them. */
export function connectedAgents(result: DiscoverAndLoadResult): Set<DialectId> {
  const agents = new Set<DialectId>();
  for (const file of result.settings.files)
    for (const connection of file.connections ?? []) agents.add(connection.agent);
  return agents;
}

/** The project's findings as `hookwire trust` shows them before trusting (its modules are read, not run). */
export async function projectUnapplied(cwd: string): Promise<Finding[]> {
  const { loadProject } = await import("../project.js");
  const { result } = await loadProject(cwd);
  const agents = connectedAgents(result);
  return agents.size === 0 ? [] : unappliedFindings(result, cwd, agents);
}
