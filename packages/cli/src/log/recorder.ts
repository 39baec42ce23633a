// Where every decision record goes: the JSONL log, and OpenTelemetry spans when OTEL_EXPORTER_OTLP_ENDPOINT is set
// (the SDK is imported only then). Secrets are taken out here, once, before any of them sees the record.
import { serverSetting } from "../serve/server-setting.js";
import { appendDecision, flushDecisions } from "./decision-log.js";
import { type Decision, RECORD_TEXT_CHARS } from "./record.js";
import { redact } from "./redact.js";
import { drainSpool, spoolDecision } from "./span-spool.js";

const cut = (text: string) =>
  text.length > RECORD_TEXT_CHARS ? `${text.slice(0, RECORD_TEXT_CHARS)}…` : text;

/** The record as every sink gets it: its free texts redacted and bounded. */
function kept(decision: Decision): Decision {
  const { target, reason } = decision;
  return {
    ...decision,
    ...(target !== undefined ? { target: cut(redact(target)) } : {}),
    ...(reason !== undefined ? { reason: cut(redact(reason)) } : {}),
  };
}

type Telemetry = typeof import("./otel.js");

/** What exporting spans needs (hookwire's optional peer dependencies). */
const OTEL_PACKAGES = [
  "@opentelemetry/api",
  "@opentelemetry/sdk-trace-base",
  "@opentelemetry/exporter-trace-otlp-http",
  "@opentelemetry/resources",
];
let telemetry: Promise<Telemetry | undefined> | undefined;

/** The standard variables (OTLP/HTTP): a traces endpoint of its own, or the base endpoint. */
export const telemetryWanted = (env = process.env): boolean =>
  Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT) &&
  env.OTEL_SDK_DISABLED !== "true";

/**
 * Who sends the spans: the server itself (`hookwire serve` says so at start), or — for a call answered outside it —
 * the server later, from the spool, unless the user turned the server off (then the call sends its own).
 */
let exporter: "server" | "call" = "call";

/** Called by `hookwire serve`: spans are sent from this process, with what calls outside it left in the spool. */
export function exportSpansHere(): void {
  exporter = "server";
  sendSpooled();
  // A call answered outside the server may spool its decision after the server started (the call that starts it
  // is one): looked at again every second.
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

export function recordDecision(made: Decision): void {
  const decision = kept(made);
  appendDecision(decision);
  if (!telemetryWanted()) return;
  if (exporter === "call" && serverSetting() !== "off") {
    spoolDecision(decision);
    return;
  }
  void otel().then((sdk) => sdk?.exportDecision(decision));
  // What calls answered outside the server left meanwhile.
  if (exporter === "server") sendSpooled();
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
