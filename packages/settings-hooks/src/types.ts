// The shapes of a settings file's "hooks" block after validation, shared by every module here.
import type { HookScope } from "@hookwire/core";
import type { DialectId } from "./dialect-kit/types.js";

interface HandlerBase {
  /** One permission rule (`Bash(rm *)`); the handler runs only when it matches. Tool events only. */
  if?: string;
  /** Seconds. */
  timeout?: number;
  statusMessage?: string;
  /** Only meaningful for hooks declared in skills and agents; settings files accept and ignore it. */
  once?: boolean;
  /**
   * Claude Code's: `"block"` makes a failure (an error, a timeout, output that does not parse) a block on
   * events that can block; `"continue"` (default) reports it and goes on. Read in every format.
   */
  onFailure?: "continue" | "block";
}

export interface CommandHandlerConfig extends HandlerBase {
  type: "command";
  command: string;
  /** Present → exec form (no shell). */
  args?: string[];
  async?: boolean;
  shell?: string;
}

export interface HttpHandlerConfig extends HandlerBase {
  type: "http";
  url: string;
  headers?: Record<string, string>;
  allowedEnvVars?: string[];
}

/** mcp_tool / prompt / agent: run by an executor the host registers. */
export interface HostHandlerConfig extends HandlerBase {
  type: "mcp_tool" | "prompt" | "agent";
  [key: string]: unknown;
}

export type HandlerConfig = CommandHandlerConfig | HttpHandlerConfig | HostHandlerConfig;

export interface MatcherGroupConfig {
  matcher?: string;
  hooks: HandlerConfig[];
}

/** One handler with everything needed to run it and to name it in errors. */
export interface SettingsHandler {
  /** The agent whose format the handler was written in; its catalogue says what `event` means. */
  dialect: DialectId;
  /** The event's name in its dialect (`findEvent(dialectOf(handler), event)` is its catalogue entry). */
  event: string;
  matcher: string | undefined;
  config: HandlerConfig;
  /** The settings file it came from. */
  file: string;
  scope: HookScope;
  /** JSON path inside the file, e.g. `hooks.PreToolUse[0].hooks[1]`. */
  jsonPath: string;
  /** Its id in the dialect's per-handler state table (Codex: `<file>:pre_tool_use:0:1`), when it has one. */
  stateId?: string;
  /** The handler's own `name` (Gemini's), which disabled-names lists match before the command. */
  name?: string;
  /** Its matcher group asked to run one after another (the dialect's `SequentialSpec.groupField`). */
  sequential?: boolean;
  /** For plugin hooks: the plugin's root and data folders (`${CLAUDE_PLUGIN_ROOT}`, `${CLAUDE_PLUGIN_DATA}`). */
  pluginRoot?: string;
  pluginData?: string;
  /**
   * The handler's fields as written, when its dialect reads fields `config` does not keep (Copilot's
   * `cwd` / `env`, Cursor's `failClosed` / `loop_limit`).
   */
  fields?: Readonly<Record<string, unknown>>;
}
