/**
 * The `hookwire` command (list, emit, tool, run, doctor, trust, init, demo, help), and its pieces for
 * running it in-process: `runCli`, the doctor's checks, event resolution.
 *
 * @packageDocumentation
 * @module hookwire
 * @document ../README.md
 */

export type { ProjectRoot } from "@hookwire/loader/project-root";
export { findProjectRoot, PROJECT_MARKERS } from "@hookwire/loader/project-root";
export { VERSION } from "./command-table.js";
export { doctorFindings, KNOWN_TOOLS, sourceFindings } from "./commands/doctor-checks.js";
export type { DemoOptions, DemoResult } from "./demo/run-demo.js";
export { DEMO_PROJECT, DEMO_SCRIPT, runDemo } from "./demo/run-demo.js";
export { CliUsageError, EXIT } from "./errors.js";
export type { ResolvedEvent } from "./events.js";
export { buildEvent, resolveEventName, SETTINGS_EVENTS, toolFromInput } from "./events.js";
export type { Finding } from "./finding.js";
export { invokedAs } from "./invocation.js";
export { mainCommand, runCli } from "./main.js";
export type { Decision, TraceRow } from "./trace-print.js";
export { traceRow } from "./trace-print.js";
