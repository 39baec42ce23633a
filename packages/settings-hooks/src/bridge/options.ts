// What a host tells the bridge: its options, and what it hears about each handler that ran.
import type { DialectId } from "../dialect-kit/types.js";
import type { EnvironmentOptions } from "../handlers/environment.js";
import type { HandlerTypeRegistry } from "../handlers/executors.js";
import type { SettingsHandlerSkip } from "../handlers/run-debug.js";
import type { HandlerResult } from "../protocol/output.js";
import type { SessionEnvironment } from "../session-env.js";
import type { TranscriptWriter } from "../transcript.js";
import type { SettingsHandler } from "../types.js";

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
   * The folder handlers' files are named from in errors and attributions. Default `cwd`. A team policy's files are
   * named from the project they run in, so they never read as that project's own.
   */
  displayCwd?: string;
  /**
   * Told of every settings handler run (not background ones) when it finishes, before the runner's
   * own trace of the bridge: the per-handler view tools such as `hookwire emit` show.
   */
  onHandlerRun?: (run: SettingsHandlerRun) => void;
  /**
   * Debugging: each `onHandlerRun` report carries the run in full (`result.debug`: argv, cwd, stdin, exit code,
   * stdout, stderr), and `onHandlerSkipped` hears of each handler an event did not run, with why. Default:
   * on when `HOOKWIRE_DEBUG=1`; then, without an `onHandlerRun`, the log goes to stderr.
   */
  debug?: boolean;
  /** Told of each handler of an event that did not run for it (matcher, `if` rule, identical handler), with why. */
  onHandlerSkipped?: (skip: SettingsHandlerSkip) => void;
  /**
   * Called before each command handler spawns (background ones too); a throw stops the spawn and is
   * reported as that handler's HookError, with the thrown error's `code`. The loader checks trust here.
   */
  beforeCommand?: (handler: SettingsHandler) => void | Promise<void>;
}

/** One settings handler's run: which handler (file#JSON path), for which event, what it answered. */
export interface SettingsHandlerRun {
  hookPath: string;
  /** The dialect the handler is written in; `event` is that dialect's name. */
  dialect: DialectId;
  event: string;
  result: HandlerResult;
  durationMs: number;
}
