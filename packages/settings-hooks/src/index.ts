/**
 * Settings hooks for hookwire: read each agent's settings files (its dialect), validate them, and bridge their
 * handlers to native events. What a host or a hook author uses; tests import the rest from `src`
 * (a test keeps this surface at most 60 names).
 *
 * @packageDocumentation
 * @module @hookwire/settings-hooks
 * @document ../README.md
 */

export { activeHandlers, isProjectSource } from "./active-handlers.js";
export type { SettingsHandlerRun, SettingsHooksOptions } from "./bridge/options.js";
export { settingsHandlerProblems, settingsHookPath } from "./bridge/select.js";
export { createSettingsHooks } from "./bridge.js";
export { dialectOf, handlerMatcher } from "./compiled.js";
export { bridgedEvents, findEvent, isBridged } from "./dialect-kit/catalogue.js";
export { ruleTools } from "./dialect-kit/rule-tools.js";
export { nativeToolName, toNativeInput } from "./dialect-kit/tools.js";
export type { AnyBridgedEvent, Dialect, DialectId, HostOutcome, SourceSpec } from "./dialect-kit/types.js";
export { claude } from "./dialects/claude/dialect.js";
export type { HookInput } from "./dialects/claude/input.js";
export { settingsToolName, toSettingsResponse, toSettingsTool } from "./dialects/claude/tool-names.js";
export { dialectById, dialectSources, loadDialect, loadDialects } from "./dialects/registry.js";
export { isSettingsError } from "./errors.js";
export { runCommand } from "./handlers/command.js";
export { handlerVariables, placeholderValues, substitutePlaceholders } from "./handlers/environment.js";
export { registerHandlerType } from "./handlers/executors.js";
export { TRANSCRIPT_LIMITS } from "./large-output.js";
export type { HookOutput } from "./protocol/output.js";
export { flushSavedOutputs } from "./protocol/saved-output.js";
export type { SettingsFileResult, SettingsIssue } from "./read-settings.js";
export {
  formatIssues,
  MAX_SETTINGS_BYTES,
  readSettingsFile,
  readSettingsFileWith,
  validateSettings,
} from "./read-settings.js";
export type { AcceptedHandler, HandlerVerdicts } from "./schema.js";
export { defaultSessionEnvDir, SessionEnvironment } from "./session-env.js";
export type { SettingsSource } from "./sources.js";
export { defaultSettingsSources } from "./sources.js";
export * as tooling from "./tooling.js";
export { persistedOutput, projectFolderName, TranscriptWriter } from "./transcript.js";
export { type SettingsTrustRead, settingsTrustRead } from "./trust-digest.js";
export type { CommandHandlerConfig, SettingsHandler } from "./types.js";
