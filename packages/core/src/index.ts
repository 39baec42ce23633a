/**
 * Event and result types, the `HookAPI` hook modules receive, and the `HookRunner` that runs them by one
 * combination policy per event kind: contexts, the no-op UI, the status line, errors and `exec`.
 *
 * @packageDocumentation
 * @module @hookwire/core
 * @document ../README.md
 */
export type {
  FlagOptions,
  HookAPI,
  HookFactory,
  HookHandler,
  MessageRenderer,
  RegisteredCommand,
  RegisteredFlag,
  RegisteredShortcut,
  ShortcutOptions,
} from "./api.js";
export type {
  CompactOptions,
  ContextUsage,
  HookCommandContext,
  HookContext,
  HookTheme,
  HookUIContext,
  NewSessionOptions,
  ReadonlySessionManager,
  SessionSetup,
} from "./context.js";
export { DEFAULT_HANDLER_TIMEOUT_MS } from "./deadline.js";
export type { HookTrace } from "./dispatch.js";
export type { HookErrorCode } from "./errors.js";
export { errorMessage, HookError, HookwireError, isHookError, isHookwireError } from "./errors.js";
export { escapeForTerminal, escapeJsonForTerminal } from "./escape-text.js";
export type { EventBusHandler, HookEventBus, HookEvents } from "./event-bus.js";
export { createEventBus } from "./event-bus.js";
export { HOOK_EVENT_NAMES, isHookEventName } from "./event-names.js";
export type {
  AnyHookEvent,
  AttributedText,
  HookEmitOutcome,
  HookEmitOutcomeMap,
  HookEvent,
  HookEventMap,
  HookEventName,
  HookEventResult,
  ModelInfo,
  NativeEventMap,
  NativeEventName,
  PermissionDecision,
  SessionEntry,
  ToolCallEvent,
  ToolCallEventResult,
  ToolCallOutcome,
  ToolResultEvent,
  ToolResultEventResult,
  ToolResultOutcome,
} from "./events.js";
export type { ExecOptions, ExecResult } from "./exec.js";
export { EXEC_MAX_STREAM_BYTES, exec } from "./exec.js";
export type { CallContext, CallHost, HookRunnerInit } from "./host.js";
export type {
  CommandInfo,
  HostActionName,
  HostActions,
  SendUserMessageOptions,
  ToolInfo,
} from "./host-actions.js";
export { HOST_ACTIONS } from "./host-actions.js";
export type { HookScope, HookSource, InstantiateOptions, LoadedHook } from "./instantiate.js";
export { instantiateHook } from "./instantiate.js";
export type {
  AgentMessage,
  AssistantMessage,
  ContentPart,
  CustomMessage,
  HookMessage,
  ImageContent,
  SendMessageOptions,
  TextContent,
  ToolResultMessage,
  UserMessage,
} from "./messages.js";
export type { HookRunnerOptions } from "./runner.js";
export { HookRunner } from "./runner.js";
export type { StatusLineOptions } from "./status-line.js";
export { StatusLine, sanitizeStatusText } from "./status-line.js";
export type { ToolDefinition, ToolResult, ToolUpdateCallback } from "./tool.js";
export type { ToolFilter } from "./tool-filter.js";
export { forTools } from "./tool-filter.js";
export type { ToolEventOf, ToolInput, ToolInputMap } from "./tool-inputs.js";
export { isToolEvent } from "./tool-inputs.js";
export { completeUIContext, createNoOpUIContext } from "./ui-noop.js";
export type { AskedQuestion, UIScript } from "./ui-scripted.js";
export { createScriptedUI } from "./ui-scripted.js";
