/**
 * The parts of a small agent host that embeds hookwire: an agent loop that emits every life-cycle
 * event ({@link AgentHost}), real bash/read/write/edit tools, a JSONL session manager, a terminal
 * UI, and a scripted model. The `hookwire` CLI runs `run`, `tool --real` and `demo` on it.
 *
 * @packageDocumentation
 * @module @hookwire/host-kit
 * @document ../README.md
 */

export { ScriptError, ToolInputError } from "./errors.js";
export type { HookSession, HookSessionOptions } from "./hook-session.js";
export { createHookSession } from "./hook-session.js";
export type { AgentHostOptions, AgentHostSession, AgentHostSettings } from "./host.js";
export { AgentHost, createDefaultTools } from "./host.js";
export type { ScriptedToolCall, ScriptStep } from "./script.js";
export { parseScript, readScript } from "./script.js";
export type { ScriptedUI } from "./scripted-ui.js";
export { createScriptedUI } from "./scripted-ui.js";
export type { JsonlSessionOptions } from "./session-manager.js";
export { JsonlSessionManager } from "./session-manager.js";
export { SessionTranscript } from "./session-transcript.js";
export type { TerminalUIOptions } from "./terminal-ui.js";
export { createTerminalUI, createTerminalUIContext } from "./terminal-ui.js";
export type { Colors } from "./theme.js";
export { createTheme } from "./theme.js";
export type { BashToolOptions } from "./tools/bash.js";
export { createBashTool } from "./tools/bash.js";
export { createEditTool } from "./tools/edit.js";
export { createReadTool } from "./tools/read.js";
export { createWriteTool } from "./tools/write.js";
