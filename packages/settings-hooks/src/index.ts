// Public API of @hookwire/settings-hooks.

export type { SettingsErrorCode } from "./errors.js";
export { isSettingsError, SettingsError } from "./errors.js";
export {
  compileMatcher,
  isToolEvent,
  matcherField,
  SETTINGS_EVENT_NAMES,
  TOOL_EVENT_NAMES,
} from "./matcher.js";
export type { SettingsFileResult, SettingsIssue } from "./read-settings.js";
export { formatIssues, readSettingsFile, validateSettings } from "./read-settings.js";
export type { BashCommands } from "./rules/bash-commands.js";
export { bashCommands } from "./rules/bash-commands.js";
export type { PathContext } from "./rules/file-paths.js";
export { matchesPathPattern } from "./rules/file-paths.js";
export type { MatchOptions, ToolCall } from "./rules/match.js";
export { matchesRule } from "./rules/match.js";
export type { PermissionRule } from "./rules/parse.js";
export { parseRule } from "./rules/parse.js";
export { matchesWildcard } from "./rules/wildcard.js";
export type { HandlerType } from "./schema.js";
export { HANDLER_TYPES, handlerSchemas, MAX_SENSIBLE_TIMEOUT } from "./schema.js";
export type { DefaultSourcesOptions, SettingsSource } from "./sources.js";
export { defaultSettingsSources } from "./sources.js";
export { fromSettingsInput, sameTool, settingsToolName, toSettingsTool } from "./tool-names.js";
export type {
  CommandHandlerConfig,
  HandlerConfig,
  HostHandlerConfig,
  HttpHandlerConfig,
  MatcherGroupConfig,
  SettingsEventName,
  SettingsHandler,
  SettingsScope,
} from "./types.js";
