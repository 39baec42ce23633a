// Public API of hookwire (the CLI package): run the CLI in-process or reuse its pieces.

export { VERSION } from "./command-table.js";
export type { Finding } from "./commands/doctor-checks.js";
export { doctorFindings, KNOWN_TOOLS } from "./commands/doctor-checks.js";
export { CliUsageError, EXIT } from "./errors.js";
export type { ResolvedEvent } from "./events.js";
export { buildEvent, resolveEventName, SETTINGS_EVENTS, toolFromInput } from "./events.js";
export { mainCommand, runCli } from "./main.js";
export type { Decision, TraceRow } from "./trace-print.js";
export { traceRow } from "./trace-print.js";
