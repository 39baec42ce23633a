// What every step of the bridge reads, worked out once per bridge from its handlers and options.
import { escapeForTerminal, type HookError, type HookSource } from "@hookwire/core";
import { displayPath } from "@hookwire/core/internal";
import { dialectOf } from "../compiled.js";
import { isBridged } from "../dialect-kit/catalogue.js";
import type { AnyBridgedEvent, BridgeSettings, Dialect } from "../dialect-kit/types.js";
import { debugFromEnv, formatHandlerRun, formatHandlerSkip } from "../handlers/run-debug.js";
import type { SessionEnvironment } from "../session-env.js";
import type { SettingsHandler } from "../types.js";
import { Background } from "./background.js";
import { CallTimes } from "./call-times.js";
import type { SettingsHandlerRun, SettingsHooksOptions } from "./options.js";
import { type Prepared, selectHandlers } from "./select.js";
import { type BridgeSession, prepareSession } from "./session.js";

export interface BridgeContext extends BridgeSession {
  options: SettingsHooksOptions;
  cwd: string;
  /** The LoadedHook's path: reports no handler owns name it. */
  hookName: string;
  /** The settings file when there is one, for the LoadedHook's `resolvedPath`. */
  onlyFile: string | undefined;
  source: HookSource;
  /** The options events read, with their defaults. */
  settings: BridgeSettings;
  prepared: Prepared[];
  /** Handlers that cannot run as written, reported on the first event. */
  problems: HookError[];
  /** Some handler has an `if` rule: tool events load the Bash grammar first. */
  hasRules: boolean;
  debug: boolean;
  /** The dialects with handlers, in the order their handlers come. */
  dialects: Dialect[];
  /** Whether the dialect has handlers on the event (unusable ones too, so the first emit reports them). */
  has(dialect: Dialect, spec: AnyBridgedEvent): boolean;
  /** Every tool event with handlers, per dialect. */
  toolEvents: Array<{ dialect: Dialect; spec: AnyBridgedEvent }>;
  /** Told of each settings handler that ran. */
  onHandlerRun: ((run: SettingsHandlerRun) => void) | undefined;
  /** Told of a handler an occurrence does not run, with why (debugging only). */
  skipped(p: Prepared, why: string): void;
  background: Background;
  callTimes: CallTimes;
  /** The CLAUDE_ENV_FILE folder, made when the first env-file event runs, and how many files it has given. */
  sessionEnv: SessionEnvironment | undefined;
  envFiles: number;
}

/** The bridge's first step, after the options: its session, its handlers prepared, and what they subscribe. */
export function bridgeContext(
  handlers: readonly SettingsHandler[],
  options: SettingsHooksOptions,
): BridgeContext {
  const cwd = options.cwd;
  const debug = options.debug ?? debugFromEnv();
  const { prepared, problems } = selectHandlers(handlers, options, debug);
  // HOOKWIRE_DEBUG=1 in a host that listens to nothing: the log goes to stderr, one block per handler.
  const toStderr = debug && !options.onHandlerRun;
  // Hook output is the project's: shown with control characters escaped, so it cannot drive the terminal.
  const log = (lines: string[]) =>
    process.stderr.write(`${lines.map((l) => `[hookwire] ${escapeForTerminal(l)}`).join("\n")}\n`);
  const files = new Set(handlers.map((h) => h.file));
  const onlyFile = files.size === 1 ? [...files][0] : undefined;
  const scopes = new Set(handlers.map((h) => h.scope));
  const dialects = [...new Set(handlers.map(dialectOf))];
  const configured = new Set(handlers.map((h) => `${h.dialect}\0${h.event}`));
  const has = (dialect: Dialect, spec: AnyBridgedEvent) => configured.has(`${dialect.id}\0${spec.name}`);
  return {
    ...prepareSession(handlers.length, options),
    options,
    cwd,
    hookName:
      options.path ?? (onlyFile ? displayPath(onlyFile, options.displayCwd ?? cwd) : "settings hooks"),
    onlyFile,
    source: { kind: "settings", file: onlyFile, level: scopes.size === 1 ? [...scopes][0] : undefined },
    settings: {
      sessionStartSource: options.sessionStartSource ?? "startup",
      stopHookCap: options.stopHookCap ?? 8,
    },
    prepared,
    problems,
    hasRules: prepared.some((p) => p.rule !== undefined),
    debug,
    dialects,
    has,
    toolEvents: dialects.flatMap((dialect) =>
      dialect.events
        .filter(isBridged)
        .filter((spec) => spec.tool && has(dialect, spec))
        .map((spec) => ({ dialect, spec })),
    ),
    onHandlerRun: toStderr ? (run) => log(formatHandlerRun(run)) : options.onHandlerRun,
    skipped(p, why) {
      const skip = { hookPath: p.hookPath, dialect: p.handler.dialect, event: p.spec.name, why };
      if (options.onHandlerSkipped) options.onHandlerSkipped(skip);
      else if (toStderr) log(formatHandlerSkip(skip));
    },
    background: new Background(options.outputDir),
    callTimes: new CallTimes(),
    sessionEnv: options.sessionEnv,
    envFiles: 0,
  };
}
