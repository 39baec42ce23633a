// Public API of @hookwire/settings-hooks.
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
