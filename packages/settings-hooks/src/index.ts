/**
 * The Claude-Code settings-hook protocol: the `"hooks"` schema, matchers, `if` rules, command and
 * http handlers, output parsing and aggregation, and the bridge to native events.
 *
 * @packageDocumentation
 * @module @hookwire/settings-hooks
 * @document ../README.md
 */

export { activeHandlers, isProjectSource } from "./active-handlers.js";
export { aggregate, canBlock } from "./aggregate.js";
export type { SettingsHandlerRun, SettingsHooksOptions } from "./bridge.js";
export { createSettingsHooks, settingsHandlerProblems, settingsHookPath } from "./bridge.js";
export { dialectOf, handlerMatcher, handlerRule } from "./compiled.js";
export type { HookwireCommand } from "./connection.js";
export { hookwireCommand, isConnectionEntry, parseHookwireCommand } from "./connection.js";
export {
  bridgedEvents,
  eventNames,
  eventsByNative,
  eventsFor,
  findEvent,
  isBridged,
} from "./dialect/catalogue.js";
export { blockReason } from "./dialect/messages.js";
export type { AggregatedOutcome, AttributedResult } from "./dialect/outcome.js";
export { ruleTools } from "./dialect/rule-tools.js";
export type { SessionInfo } from "./dialect/session.js";
export {
  dialectToolName,
  findTool,
  nativeToolName,
  toDialectCall,
  toNativeInput,
  toolResponse,
} from "./dialect/tools.js";
export type {
  AnyBridgedEvent,
  BridgedEventSpec,
  BridgeSettings,
  Dialect,
  DialectId,
  DialectToolCall,
  EventContext,
  EventInfo,
  EventSpec,
  FieldSpec,
  HostAnswer,
  HostOutcome,
  MatcherKind,
  NativeResult,
  ProtocolSpec,
  ReverseSpec,
  RuleFamily,
  SettingsFormat,
  SourceRoot,
  SourceSpec,
  ToolSpec,
  ToolTable,
  UnbridgedEventSpec,
  Unsupported,
  VariableSpec,
} from "./dialect/types.js";
export type { ClaudeEventName } from "./dialects/claude/catalogue.js";
export { claude } from "./dialects/claude/dialect.js";
export type { CodexEventName } from "./dialects/codex/catalogue.js";
export {
  DIALECT_IDS,
  dialectById,
  dialectSources,
  loadDialect,
  loadDialects,
} from "./dialects/registry.js";
export type { SettingsErrorCode } from "./errors.js";
export { isSettingsError, SettingsError } from "./errors.js";
export type { CommandRun, CommandSpec, RunCommandOptions } from "./handlers/command.js";
export { commandSpec, runCommand } from "./handlers/command.js";
export type { EnvironmentOptions, HookVariables } from "./handlers/environment.js";
export {
  handlerVariables,
  hookEnvironment,
  placeholderValues,
  substitutePlaceholders,
} from "./handlers/environment.js";
export type { ExecutorContext, HandlerExecutor } from "./handlers/executors.js";
export { defaultHandlerTypes, HandlerTypeRegistry, registerHandlerType } from "./handlers/executors.js";
export type { HttpOptions } from "./handlers/http.js";
export { interpolateHeaders, MAX_RESPONSE_BYTES, runHttpHandler } from "./handlers/http.js";
export type { PreparedRun, RunHandlerOptions } from "./handlers/run-handler.js";
export { defaultTimeoutSeconds, prepareRun } from "./handlers/run-handler.js";
export type { TranscriptLimits } from "./large-output.js";
export { TRANSCRIPT_LIMITS } from "./large-output.js";
export type { RegexSafety } from "./matcher.js";
export {
  compileMatcher,
  isToolEvent,
  MAX_MATCHED_CHARS,
  matcherField,
  regexSafety,
  SETTINGS_EVENT_NAMES,
  TOOL_EVENT_NAMES,
} from "./matcher.js";
export { interpretCommandRun } from "./protocol/exit-code.js";
export type {
  BridgedEventName,
  CommonInput,
  EventInputFields,
  HookInput,
} from "./protocol/input.js";
export { buildHookInput } from "./protocol/input.js";
export type {
  HandlerResult,
  HookOutput,
  OutputOptions,
} from "./protocol/output.js";
export { defaultOutputDir, MAX_OUTPUT_CHARS, parseStdout, validateOutput } from "./protocol/output.js";
export type { SavedOutputLimits } from "./protocol/saved-output.js";
export { flushSavedOutputs, pruneSavedOutputs, SAVED_OUTPUT_LIMITS } from "./protocol/saved-output.js";
export type {
  SettingsConnection,
  SettingsFileResult,
  SettingsIssue,
  ValidateOptions,
} from "./read-settings.js";
export {
  formatIssues,
  MAX_SETTINGS_BYTES,
  readSettingsFile,
  readSettingsFileWith,
  validateSettings,
} from "./read-settings.js";
export type { AcceptedHandler, HandlerType, HandlerVerdicts } from "./schema.js";
export { HANDLER_TYPES, handlerSchemas, MAX_SENSIBLE_TIMEOUT } from "./schema.js";
export { defaultSessionEnvDir, SessionEnvironment } from "./session-env.js";
export type { DefaultSourcesOptions, SettingsSource } from "./sources.js";
export { defaultSettingsSources } from "./sources.js";
export {
  fromSettingsInput,
  missingRequiredFields,
  sameTool,
  settingsToolName,
  toSettingsResponse,
  toSettingsTool,
} from "./tool-names.js";
export type { TranscriptOptions } from "./transcript.js";
export {
  defaultTranscriptDir,
  formatSize,
  MAX_DEFERRED_LINES,
  persistedOutput,
  projectFolderName,
  TranscriptWriter,
} from "./transcript.js";
export { settingsTrustDigest } from "./trust-digest.js";
export type {
  CommandHandlerConfig,
  HandlerConfig,
  HostHandlerConfig,
  HttpHandlerConfig,
  MatcherGroupConfig,
  SettingsEventName,
  SettingsHandler,
} from "./types.js";
