/**
 * Event and result types, the `HookAPI` hook modules receive, and the tapable-based `HookRunner`
 * that runs them: contexts, the no-op UI, the status line, errors and `exec`.
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
  CallContext,
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
export type { DeadlineOptions } from "./deadline.js";
export { DEFAULT_HANDLER_TIMEOUT_MS, DEFAULT_LOAD_TIMEOUT_MS, withDeadline } from "./deadline.js";
export type { HookTrace } from "./dispatch.js";
export { displayPath } from "./display-path.js";
export type { HookErrorCode } from "./errors.js";
export {
  errorMessage,
  HookError,
  HookwireError,
  isHookError,
  isHookwireError,
  loadTimeoutError,
  typeName,
} from "./errors.js";
export { escapeForTerminal, escapeJsonForTerminal } from "./escape-text.js";
export type { EventBusHandler, HookEventBus, HookEvents } from "./event-bus.js";
export { createEventBus } from "./event-bus.js";
export { didYouMean, HOOK_EVENT_NAMES, isHookEventName } from "./event-names.js";
export type {
  AfterProviderResponseEvent,
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
  BeforeAgentStartOutcome,
  BeforeProviderRequestEvent,
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
  InputEvent,
  InputEventResult,
  MessageEndEvent,
  MessageEndEventResult,
  MessageStartEvent,
  MessageUpdateEvent,
  ModelInfo,
  ModelSelectEvent,
  NativeEventMap,
  NativeEventName,
  PermissionDecision,
  ResourcesDiscoverEvent,
  ResourcesDiscoverOutcome,
  ResourcesDiscoverResult,
  SessionBeforeBranchEvent,
  SessionBeforeBranchResult,
  SessionBeforeCompactEvent,
  SessionBeforeCompactResult,
  SessionBeforeForkEvent,
  SessionBeforeForkResult,
  SessionBeforeSwitchEvent,
  SessionBeforeTreeEvent,
  SessionBeforeTreeResult,
  SessionBranchEvent,
  SessionCompactEvent,
  SessionCompactingEvent,
  SessionCompactingResult,
  SessionEntry,
  SessionForkEvent,
  SessionShutdownEvent,
  SessionStartEvent,
  SessionSwitchEvent,
  SessionTreeEvent,
  ThinkingLevelSelectEvent,
  TodoReminderEvent,
  ToolCallEvent,
  ToolCallEventResult,
  ToolCallOutcome,
  ToolExecutionEndEvent,
  ToolExecutionStartEvent,
  ToolExecutionUpdateEvent,
  ToolResultEvent,
  ToolResultEventResult,
  ToolResultOutcome,
  TtsrTriggeredEvent,
  TurnEndEvent,
  TurnStartEvent,
  UserBashEvent,
  UserBashEventResult,
} from "./events.js";
export type { ExecOptions, ExecResult } from "./exec.js";
export { EXEC_MAX_STREAM_BYTES, exec } from "./exec.js";
export { holdExits } from "./exit-guard.js";
export { guardedHookOf } from "./guard.js";
export type {
  CommandInfo,
  HostActionName,
  HostActions,
  SendUserMessageOptions,
  ToolInfo,
} from "./host-actions.js";
export { HOST_ACTIONS } from "./host-actions.js";
export type {
  AnyHookHandler,
  HookActions,
  HookScope,
  HookSource,
  InstantiateOptions,
  LoadedHook,
} from "./instantiate.js";
export { instantiateHook } from "./instantiate.js";
export { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth.js";
export { lazyRequire } from "./lazy-require.js";
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
export { outranks } from "./permission.js";
export type { CombinedAnswers } from "./policies/combine.js";
export { combineAnswers } from "./policies/combine.js";
export type { ProcessRun, RunProcessOptions } from "./process/run-process.js";
export { KILL_GRACE_MS, MAX_STREAM_BYTES, runProcess } from "./process/run-process.js";
export type { RegularFileOpen, RegularFileRead, UnreadableReason } from "./read-regular-file.js";
export { openRegularFile, readRegularFile } from "./read-regular-file.js";
export type { HookRunnerInit, HookRunnerOptions } from "./runner.js";
export { HookRunner } from "./runner.js";
export type { StatusLineOptions } from "./status-line.js";
export { StatusLine, sanitizeStatusText } from "./status-line.js";
export type { ToolDefinition, ToolResult, ToolUpdateCallback } from "./tool.js";
export type { ToolFilter } from "./tool-filter.js";
export { forTools, handlesTool } from "./tool-filter.js";
export type { ToolEventOf, ToolInput, ToolInputMap } from "./tool-inputs.js";
export { isToolEvent } from "./tool-inputs.js";
export { completeUIContext, createNoOpUIContext } from "./ui-noop.js";
export { vendoredFile } from "./vendored-file.js";
