// `--debug` (and HOOKWIRE_DEBUG=1): each handler's run in full on stderr, settings handlers and hook modules alike.
import type { HookRunner, HookTrace, LoadedHook } from "@hookwire/core";
import type { SettingsHandlerRun } from "@hookwire/settings-hooks";
import { tooling } from "@hookwire/settings-hooks";
import type { ArgsDef } from "citty";
import { resolveEventName } from "./events.js";
import { shortPath } from "./project.js";
import { traceRow } from "./trace-print.js";

const { formatHandlerRun, formatHandlerSkip } = tooling;
type SettingsHandlerSkip = tooling.SettingsHandlerSkip;

export const debugArg = {
  debug: {
    type: "boolean",
    description:
      "Show each handler in full on stderr: matcher, command, stdin, output, decision (or HOOKWIRE_DEBUG=1)",
    default: false,
  },
} as const satisfies ArgsDef;

/** `--debug`, or HOOKWIRE_DEBUG=1 as hosts read it. */
export function debugWanted(flag: boolean | undefined): boolean {
  const env = process.env.HOOKWIRE_DEBUG;
  return flag === true || env === "1" || env === "true";
}

// `hookwire tool` runs both phases of one call: its log says which one each block belongs to.
const PHASES: Record<string, string> = { tool_call: "pre", tool_result: "post" };

export interface DebugLog {
  run(run: SettingsHandlerRun): void;
  skip(skip: SettingsHandlerSkip): void;
  /** Logs hook modules: each handler run from the runner's traces, and modules with no handler for an event. */
  watch(runner: HookRunner, hooks: readonly LoadedHook[]): void;
}

/** A debug log that writes through `print` (the CLI's stderr), with hook paths shown from `cwd`. */
export function createDebugLog(print: (line: string) => void, cwd: string): DebugLog {
  let phase: string | undefined;
  let modules: readonly LoadedHook[] = [];
  const lines = (text: string[]) => {
    for (const line of text) print(`[debug] ${line}`);
  };
  /** A new event starts: its header (pre / post for a tool call), then the modules that do not handle it. */
  const starts = (native: string) => {
    if (native === phase) return;
    phase = native;
    print(`── ${PHASES[native] ? `${PHASES[native]} (${native})` : native} ──`);
    for (const hook of modules) {
      if ((hook.handlers.get(native) ?? []).length === 0) {
        lines([
          `${native} ${shortPath(hook.path, cwd)} [module]: not matched: registers no ${native} handler`,
        ]);
      }
    }
  };
  const nativeOf = (event: string) => {
    try {
      return resolveEventName(event).event;
    } catch {
      return event;
    }
  };
  return {
    run(run) {
      starts(nativeOf(run.event));
      lines(formatHandlerRun({ ...run, hookPath: shortPath(run.hookPath, cwd) }));
    },
    skip(skip) {
      starts(nativeOf(skip.event));
      lines(formatHandlerSkip({ ...skip, hookPath: shortPath(skip.hookPath, cwd) }));
    },
    watch(runner, hooks) {
      modules = hooks.filter((hook) => hook.source.kind !== "settings");
      const paths = new Set(modules.map((hook) => hook.path));
      runner.onTrace((trace: HookTrace) => {
        if (!paths.has(trace.hookPath)) return;
        starts(trace.event);
        const row = traceRow(trace);
        const result = trace.error
          ? `threw: ${trace.error.error}`
          : `returned: ${JSON.stringify(trace.result) ?? "nothing"}`;
        lines([
          `${trace.event} ${shortPath(trace.hookPath, cwd)} [module]: ran in ${trace.durationMs.toFixed(1)} ms`,
          `  ${result}`,
          `  decision: ${row.decision}${row.detail ? `: ${row.detail}` : ""}`,
        ]);
      });
    },
  };
}
