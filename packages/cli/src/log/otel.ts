// Decisions as OpenTelemetry spans, exported over OTLP/HTTP (JSON) to the endpoint the standard variables name:
// one span per event, named `hookwire <event>`, timed by the event's duration.
import { SpanStatusCode } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import type { Decision } from "./decision-log.js";

// The exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT and _HEADERS itself; the service is hookwire.
const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ "service.name": process.env.OTEL_SERVICE_NAME || "hookwire" }),
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter(), { scheduledDelayMillis: 1000 })],
});
const tracer = provider.getTracer("hookwire");

export function exportDecision(decision: Decision): void {
  const end = Date.parse(decision.time) + decision.durationMs;
  const span = tracer.startSpan(`hookwire ${decision.event}`, {
    startTime: Date.parse(decision.time),
    attributes: {
      "hookwire.agent": decision.agent,
      "hookwire.session": decision.session,
      "hookwire.event": decision.event,
      "hookwire.native_event": decision.native,
      "hookwire.project": decision.project,
      "hookwire.decision": decision.decision,
      ...(decision.tool ? { "hookwire.tool": decision.tool } : {}),
      ...(decision.hook ? { "hookwire.hook": decision.hook } : {}),
      ...(decision.reason ? { "hookwire.reason": decision.reason } : {}),
    },
  });
  if (decision.decision === "error")
    span.setStatus({ code: SpanStatusCode.ERROR, message: decision.reason ?? "" });
  span.end(end);
}

export function flush(): Promise<void> {
  return provider.forceFlush();
}
