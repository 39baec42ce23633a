// `hookwire explain <event> [tool]`: which hooks would fire here and why each other one would not, without running any.
import path from "node:path";
import type { LoadedHook } from "@hookwire/core";
import type { DiscoverAndLoadResult } from "@hookwire/loader";
import { handlerId, turnedOffBy } from "@hookwire/loader/user-config";
import {
  dialectOf,
  findEvent,
  handlerMatcher,
  isBridged,
  type SettingsHandler,
  settingsHandlerProblems,
  settingsHookPath,
  tooling,
} from "@hookwire/settings-hooks";
import { defineCommand } from "citty";
import { type ResolvedEvent, resolveEventName, toolFromInput } from "../events.js";
import { reportSources } from "../findings-print.js";
import { hooksCommandFor, showHookId } from "../hook-id.js";
import { spellCommand } from "../invocation.js";
import { createOutput } from "../output.js";
import {
  moduleOrigin,
  originMark,
  type PolicyHandler,
  policyHandlers,
  policyOfHook,
} from "../policy/policy-hooks.js";
import { loadProject, shortPath } from "../project.js";
import { cwdArgWithHooks, jsonArg, listArg } from "../shared-args.js";
import { sourceFindings } from "./doctor-checks.js";

const { handlerRule, toDialectCall } = tooling;

/** One hook or handler and whether it would fire: `maybe` when only the call's input can tell (an `if` rule). */
export interface Explanation {
  /** The module, or the settings handler as file#JSON path. */
  hook: string;
  fires: "yes" | "no" | "maybe";
  why: string;
  fix?: string;
  /** An installed policy's handler: the policy's name, and the mark `list` shows it with (`[policy team, Claude Code]`). */
  policy?: string;
  origin?: string;
}

function moduleExplanations(
  hooks: readonly LoadedHook[],
  event: string,
  cwd: string,
  policyOf: ReadonlyMap<LoadedHook, string>,
): Explanation[] {
  return hooks
    .filter((hook) => hook.source.kind !== "settings")
    .map((hook): Explanation => {
      const count = hook.handlers.get(event)?.length ?? 0;
      const handled = [...hook.handlers].filter(([, list]) => list.length > 0).map(([name]) => name);
      const policy = policyOf.get(hook);
      const marked =
        policy === undefined
          ? {}
          : { policy, origin: originMark(`policy ${policy}`, moduleOrigin(hook.source)) };
      const explanation: Explanation =
        count > 0
          ? {
              hook: shortPath(hook.path, cwd),
              fires: "yes",
              why: `${count} ${event} handler${count === 1 ? "" : "s"}`,
            }
          : {
              hook: shortPath(hook.path, cwd),
              fires: "no",
              why: `registers no ${event} handler${handled.length ? ` (it handles ${handled.join(", ")})` : ""}`,
            };
      return { ...explanation, ...marked };
    });
}

/** A hook or handler `hookwire hooks disable` turned off (`off`: the id as configured, maybe its file or group). */
function disabledExplanation(hook: string, off: string, cwd: string): Explanation {
  const shown = showHookId(off, cwd);
  return {
    hook,
    fires: "no",
    why: `disabled by \`${hooksCommandFor("disable", shown)}\` (in your own hookwire config)`,
    fix: spellCommand(hooksCommandFor("enable", shown)),
  };
}

/** Discovered files the user turned off: not loaded, so which events they handle is not known. */
function disabledFiles(result: DiscoverAndLoadResult, cwd: string): Explanation[] {
  const untrusted = new Set(result.skipped.map((item) => path.resolve(cwd, item.path)));
  return result.discovered.flatMap((entry) => {
    const file = path.resolve(entry.item.path);
    const off = entry.shadowed || untrusted.has(file) ? undefined : turnedOffBy(result.disabled, file);
    return off === undefined ? [] : [disabledExplanation(showHookId(file, cwd), off, cwd)];
  });
}

/** Why a file's switch turned `handler` off: the files of its dialect that say so. */
function switchedOff(handler: SettingsHandler, result: DiscoverAndLoadResult, cwd: string): string {
  const files = result.settings.files.filter(
    (file) => file.source.dialect === handler.dialect && (file.disableAllHooks || file.hooksSwitch === false),
  );
  if (files.length > 0) {
    return `turned off by ${files.map((file) => shortPath(file.source.file, cwd)).join(", ")} (its hooks switch, e.g. "disableAllHooks": true)`;
  }
  return "disabled by its dialect's per-handler switch (a disabled state id or name)";
}

interface HandlerContext {
  resolved: ResolvedEvent;
  tool?: string;
  result: DiscoverAndLoadResult;
  cwd: string;
  active: Set<string>;
  problems: Map<string, string>;
}

/** Why a project's or the user's handler does not run at all (untrusted, turned off, unusable), or `undefined`. */
function notRunning(
  handler: SettingsHandler,
  hook: string,
  context: HandlerContext,
): Explanation | undefined {
  const { result, cwd } = context;
  const skipped = result.skipped.find((item) => item.path === shortPath(handler.file, cwd));
  if (skipped)
    return {
      hook,
      fires: "no",
      why: `not loaded: ${skipped.reason}`,
      fix: spellCommand(skipped.trustCommand),
    };
  const off = context.active.has(`${handler.file}#${handler.jsonPath}`)
    ? undefined
    : turnedOffBy(result.disabled, handlerId(handler));
  if (off !== undefined) return disabledExplanation(hook, off, cwd);
  const problem = context.problems.get(hook);
  if (problem) return { hook, fires: "no", why: `unusable: ${problem}` };
  if (!context.active.has(`${handler.file}#${handler.jsonPath}`))
    return { hook, fires: "no", why: switchedOff(handler, result, cwd) };
  return undefined;
}

/**
 * Whether `handler` fires on the event (and tool), or `undefined` when it is for another event. A policy's handler
 * (`policy`) is neither trusted nor turned off by anything here (no project or user switch reaches it): only a
 * problem of its own stops it.
 */
function handlerExplanation(
  handler: SettingsHandler,
  context: HandlerContext,
  policy?: string,
): Explanation | undefined {
  const { resolved, tool, cwd } = context;
  const dialect = dialectOf(handler);
  const spec = findEvent(dialect, handler.event);
  if (!spec || !isBridged(spec) || spec.native !== resolved.event) return undefined;
  const emitAs = spec.emitAs as { isError?: boolean } | undefined;
  if (
    resolved.emitAs?.isError !== undefined &&
    emitAs?.isError !== undefined &&
    emitAs.isError !== resolved.emitAs.isError
  ) {
    return undefined;
  }
  const hook = settingsHookPath(handler, cwd);
  const marked = (explanation: Explanation): Explanation =>
    policy === undefined
      ? explanation
      : { ...explanation, policy, origin: originMark(`policy ${policy}`, dialect.label) };
  const problem = context.problems.get(hook);
  const stopped =
    policy === undefined
      ? notRunning(handler, hook, context)
      : problem
        ? ({ hook, fires: "no", why: `unusable: ${problem}` } as const)
        : undefined;
  if (stopped) return marked(stopped);
  const when =
    emitAs?.isError === true
      ? " (only when the tool fails)"
      : emitAs?.isError === false
        ? " (only when the tool succeeds)"
        : "";
  const matcher = JSON.stringify(handler.matcher ?? "");
  if (spec.tool) {
    if (tool === undefined) {
      const all = handler.matcher === undefined || handler.matcher === "" || handler.matcher === "*";
      if (!all)
        return marked({
          hook,
          fires: "maybe",
          why: `matcher ${matcher}: name a tool to know (hookwire explain ${resolved.event} <tool>)`,
        });
    } else {
      const name = toDialectCall(dialect.tools, tool, {}).name;
      if (!handlerMatcher(handler)(name)) {
        return marked({
          hook,
          fires: "no",
          why: `matcher ${matcher} does not match ${dialect.label}'s tool name "${name}"`,
        });
      }
    }
    if (handlerRule(handler)) {
      const rule = JSON.stringify((handler.config as { if?: string }).if);
      return marked({
        hook,
        fires: "maybe",
        why: `only when its "if" rule ${rule} matches the call's input${when}`,
      });
    }
  }
  return marked({
    hook,
    fires: "yes",
    why: `${handler.event}${handler.matcher ? `, matcher ${matcher}` : ""}${when}`,
  });
}

/** Every hook and settings handler of `resolved`'s event, with whether it fires for `tool` (native name) and why. */
export function explain(
  result: DiscoverAndLoadResult,
  resolved: ResolvedEvent,
  cwd: string,
  tool?: string,
): Explanation[] {
  const untrustedModules: Explanation[] = result.skipped
    .filter((item) => item.kind === "hook")
    .map((item) => ({
      hook: item.path,
      fires: "no",
      why: `not loaded: ${item.reason}`,
      fix: spellCommand(item.trustCommand),
    }));
  const handlers = result.settings.files.flatMap((file) => file.handlers);
  // The installed policies' handlers run first, as `list` shows them.
  const fromPolicies: PolicyHandler[] = policyHandlers(result);
  const active = new Set(result.settings.handlers.map((handler) => `${handler.file}#${handler.jsonPath}`));
  const checked = [...fromPolicies.map((p) => p.handler), ...handlers];
  const problems = new Map(
    settingsHandlerProblems(checked, { cwd }).map((p) => [p.hookPath, p.error] as const),
  );
  const context: HandlerContext = { resolved, tool, result, cwd, active, problems };
  return [
    ...fromPolicies.flatMap((p) => handlerExplanation(p.handler, context, p.policy) ?? []),
    ...moduleExplanations(result.hooks, resolved.event, cwd, policyOfHook(result)),
    ...untrustedModules,
    ...disabledFiles(result, cwd),
    ...handlers.flatMap((handler) => handlerExplanation(handler, context) ?? []),
  ];
}

const MARK = { yes: "✔", no: "✖", maybe: "?" } as const;

export const explainCommand = defineCommand({
  args: {
    event: {
      type: "positional",
      description: "tool_call, PreToolUse, session_start, SessionStart, …",
      required: true,
    },
    tool: { type: "positional", description: "For tool events: the tool (bash, or Bash)", required: false },
    ...cwdArgWithHooks,
    ...jsonArg,
  },
  async run({ args, rawArgs }) {
    const out = createOutput();
    const resolved = resolveEventName(args.event);
    const tool =
      args.tool === undefined ? undefined : toolFromInput({ tool_name: args.tool, tool_input: {} }).toolName;
    const project = await loadProject(args.cwd, listArg(rawArgs, "hook"));
    const { cwd, result } = project;
    const explanations = explain(result, resolved, cwd, tool);
    // What did not load at all (a handler with an invalid matcher, a module that does not import) is named too.
    const problems = sourceFindings(result, cwd).filter(
      (finding) => !finding.message.startsWith("not loaded:"),
    );
    if (args.json) {
      out.json({
        event: resolved.event,
        settingsEvent: resolved.settingsName,
        tool,
        cwd,
        hooks: explanations,
        problems,
      });
      return;
    }
    reportSources(out.error, out.errorColors, project, problems);
    const label = `${resolved.event}${resolved.settingsName ? ` (${resolved.settingsName})` : ""}${tool ? ` ${tool}` : ""}`;
    out.line(out.colors.bold(`What would fire on ${label} in ${cwd} (nothing is run)`));
    if (explanations.length === 0) out.line("  (no hook handles this event)");
    for (const item of explanations) {
      const mark = MARK[item.fires];
      const paint =
        item.fires === "yes" ? out.colors.green : item.fires === "no" ? out.colors.red : out.colors.yellow;
      const hook = item.origin === undefined ? item.hook : `${item.hook} ${item.origin}`;
      out.line(
        `${paint(mark)} ${hook}: ${item.fires === "yes" ? "fires" : item.fires === "no" ? "does not fire" : "may fire"}: ${item.why}`,
      );
      if (item.fix) out.line(out.colors.dim(`    fix: ${item.fix}`));
    }
    const firing = explanations.filter((item) => item.fires === "yes").length;
    out.line(`${firing} of ${explanations.length} would fire`);
  },
});
