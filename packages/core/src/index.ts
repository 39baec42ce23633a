/**
 * Event and result types, the `HookAPI` hook modules receive, and the tapable-based `HookRunner`
 * that runs them: contexts, the no-op UI, the status line, errors and `exec`.
 *
 * @packageDocumentation
 * @module @hookwire/core
 * @document ../README.md
 */
export type { HookAPI, HookFactory, HookHandler, MessageRenderer, RegisteredCommand } from "./api.js";
export type {
  HookCommandContext,
  HookContext,
  HookTheme,
  HookUIContext,
  ModelInfo,
  NewSessionOptions,
  ReadonlySessionManager,
  SessionSetup,
} from "./context.js";
export type { HookTrace } from "./dispatch.js";
export { displayPath } from "./display-path.js";
export type { HookErrorCode } from "./errors.js";
export { errorMessage, HookError, HookwireError, isHookError, isHookwireError, typeName } from "./errors.js";
export { didYouMean, HOOK_EVENT_NAMES, isHookEventName } from "./event-names.js";
export type {
  AgentEndEvent,
  AgentStartEvent,
  AnyHookEvent,
  AttributedText,
  AutoCompactionEndEvent,
  AutoCompactionStartEvent,
  AutoRetryEndEvent,
  AutoRetryStartEvent,
  BeforeAgentStartEvent,
  BeforeAgentStartEventResult,
  CancellableResult,
  CompactionResult,
  ContextEvent,
  ContextEventResult,
  HookEmitOutcome,
  HookEmitOutcomeMap,
  HookEvent,
  HookEventMap,
  HookEventName,
  HookEventResult,
  PermissionDecision,
  SessionBeforeBranchEvent,
  SessionBeforeBranchResult,
  SessionBeforeCompactEvent,
  SessionBeforeCompactResult,
  SessionBeforeSwitchEvent,
  SessionBeforeTreeEvent,
  SessionBeforeTreeResult,
  SessionBranchEvent,
  SessionCompactEvent,
  SessionCompactingEvent,
  SessionCompactingResult,
  SessionEntry,
  SessionShutdownEvent,
  SessionStartEvent,
  SessionSwitchEvent,
  SessionTreeEvent,
  TodoReminderEvent,
  ToolCallEvent,
  ToolCallEventResult,
  ToolCallOutcome,
  ToolResultEvent,
  ToolResultEventResult,
  ToolResultOutcome,
  TtsrTriggeredEvent,
  TurnEndEvent,
  TurnStartEvent,
} from "./events.js";
export type { ExecOptions, ExecResult } from "./exec.js";
export { exec } from "./exec.js";
export type {
  AnyHookHandler,
  HookActions,
  HookSource,
  InstantiateOptions,
  LoadedHook,
} from "./instantiate.js";
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
export type { HookRunnerInit, HookRunnerOptions } from "./runner.js";
export { HookRunner } from "./runner.js";
export type { StatusLineOptions } from "./status-line.js";
export { StatusLine, sanitizeStatusText } from "./status-line.js";
export { createNoOpUIContext } from "./ui-noop.js";
