// `@hookwire/settings-hooks/tooling`: what hookwire's own CLI uses to inspect, explain and connect settings hooks —
// the debug log's format, JSON Schemas, hookwire's connection entries, the tool tables and `if` rules as data.
// An entry beside the package's API (which stays within its export count); not for hosts or hook authors.
export { handlerRule } from "./compiled.js";
export { hookwireHttpHandler, parseConnectionEntry } from "./connection.js";
export { findTool, toDialectCall } from "./dialect/tools.js";
export { DIALECT_IDS } from "./dialects/registry.js";
export { formatHandlerRun, formatHandlerSkip, type SettingsHandlerSkip } from "./handlers/run-debug.js";
export { settingsJsonSchema } from "./json-schema.js";
