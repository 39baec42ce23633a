// The CLI's sink for decision records: `@hookwire/project`'s writer (the JSONL log, secrets taken out once), with
// OpenTelemetry spans sent from here when OTEL_EXPORTER_OTLP_ENDPOINT is set (the SDK is imported only then).
import {
  type Decision,
  drainSpool,
  flushDecisions,
  telemetryWanted,
  recordDecision as writeRecord,
} from "@hookwire/project/records";
import { serverSetting } from "../serve/server-setting.js";

type Telemetry = typeof import("./otel.js");

/** What exporting spans needs (hookwire's optional peer dependencies). */
const OTEL_PACKAGES = [
  "@opentelemetry/api",
  "@opentelemetry/sdk-trace-base",
  "@opentelemetry/exporter-trace-otlp-http",
  "@opentelemetry/resources",
];
let telemetry: Promise<Telemetry | undefined> | undefined;

/**
 * Who sends the spans: the server itself (`hookwire serve` says so at start), or — for a call answered outside it —
 * the server later, from the spool, unless the user turned the server off (then the call sends its own).
 */
let exporter: "server" | "call" = "call";

/** Called by `hookwire serve`: spans are sent from this process, with what calls outside it left in the spool. */
export function exportSpansHere(): void {
  exporter = "server";
  sendSpooled();
  // A call answered outside the server (or by an agent running hookwire in-process) may spool its decision after
  // the server started (the call that starts it is one): looked at again every second.
  if (telemetryWanted()) setInterval(sendSpooled, SPOOL_POLL_MS).unref();
}

const SPOOL_POLL_MS = 1000;

function sendSpooled(): void {
  if (!telemetryWanted()) return;
  const waiting = drainSpool();
  if (waiting.length === 0) return;
  void otel().then((sdk) => {
    for (const decision of waiting) sdk?.exportDecision(decision);
  });
}

/** Sends the span from this process (the server; a call with the server off), or leaves it to the spool. */
function sendSpan(decision: Decision): boolean {
  if (exporter === "call" && serverSetting() !== "off") return false;
  void otel().then((sdk) => sdk?.exportDecision(decision));
  // What calls answered outside the server left meanwhile.
  if (exporter === "server") sendSpooled();
  return true;
}

export function recordDecision(made: Decision): void {
  writeRecord(made, sendSpan);
}

function otel(): Promise<Telemetry | undefined> {
  telemetry ??= import("./otel.js").catch((error: unknown) => {
    // The SDK is an optional peer (its semantic conventions alone weigh more than hookwire): installed on demand.
    const missing = (error as { code?: string }).code === "ERR_MODULE_NOT_FOUND";
    process.stderr.write(
      missing
        ? `hookwire: OTEL_EXPORTER_OTLP_ENDPOINT is set, but the OpenTelemetry SDK is not installed next to hookwire; decisions are only logged. Install it: npm install -g ${OTEL_PACKAGES.join(" ")}\n`
        : `hookwire: OpenTelemetry could not start (${String(error)}); decisions are only logged.\n`,
    );
    return undefined;
  });
  return telemetry;
}

/** Writes the decisions and sends the spans not written or sent yet (a process before it exits). */
export async function flushRecords(): Promise<void> {
  flushDecisions();
  const otel = await telemetry;
  await otel?.flush();
}
