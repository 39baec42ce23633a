// Where a decision record goes, for every host: redacted and bounded once, appended to the JSONL log, and, when
// OpenTelemetry is wanted, handed to whoever sends spans (the CLI's server or its call), else spooled for the server.
import { appendDecision } from "./decision-log.js";
import { type Decision, RECORD_TEXT_CHARS } from "./record.js";
import { redact } from "./redact.js";
import { spoolDecision } from "./span-spool.js";

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

/** The standard variables (OTLP/HTTP): a traces endpoint of its own, or the base endpoint. */
export const telemetryWanted = (env: Readonly<Record<string, string | undefined>> = process.env): boolean =>
  Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT) &&
  env.OTEL_SDK_DISABLED !== "true";

/**
 * Writes `made` (secrets taken out first, before any sink sees it). With OpenTelemetry wanted, `sendSpan` sends the
 * span and says so; without it, or when it declines, the record waits in the spool for the server: a host never
 * loads the SDK on its own account (an agent's process, a one-shot call).
 */
export function recordDecision(made: Decision, sendSpan?: (decision: Decision) => boolean): void {
  const decision = kept(made);
  appendDecision(decision);
  if (!telemetryWanted()) return;
  if (sendSpan?.(decision) !== true) spoolDecision(decision);
}
