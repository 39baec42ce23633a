// `tooling` (one name in the package's exports, `import { tooling } from "@hookwire/settings-hooks"`): what hookwire's
// own CLI uses to inspect, explain and connect settings hooks — the debug log's format, JSON Schemas, hookwire's
// connection entries, the tool tables and `if` rules as data. Not for hosts or hook authors; no compatibility promise.
export { handlerRule } from "./compiled.js";
export {
  hookwireCommand,
  hookwireHttpHandler,
  PATH_ENTRY,
  parseConnectionEntry,
  TOKEN_VARIABLE,
} from "./connection.js";
export { findTool, toDialectCall } from "./dialect-kit/tools.js";
export { DIALECT_IDS } from "./dialects/registry.js";
export { formatHandlerRun, formatHandlerSkip, type SettingsHandlerSkip } from "./handlers/run-debug.js";
export { settingsJsonSchema } from "./json-schema.js";
