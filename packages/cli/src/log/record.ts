// Where every decision goes: the JSONL log, and OpenTelemetry spans when OTEL_EXPORTER_OTLP_ENDPOINT is set (the
// SDK is imported only then).
import { appendDecision, type Decision, flushDecisions } from "./decision-log.js";

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

export function recordDecision(decision: Decision): void {
  appendDecision(decision);
  if (!telemetryWanted()) return;
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
  void telemetry.then((otel) => otel?.exportDecision(decision));
}

/** Writes the decisions and sends the spans not written or sent yet (a process before it exits). */
export async function flushRecords(): Promise<void> {
  flushDecisions();
  const otel = await telemetry;
  await otel?.flush();
}
