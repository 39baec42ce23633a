// Decisions as OpenTelemetry spans, exported over OTLP/HTTP (JSON) to the endpoint the standard variables name:
// one span per event, named `hookwire <event>`, timed by the event's duration, its resource the call's own.

import { type Decision, SPAN_ATTRIBUTES } from "@hookwire/project/records";
import { SpanStatusCode, type Tracer } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import {
  detectResources,
  envDetector,
  hostDetector,
  osDetector,
  type Resource,
  resourceFromAttributes,
} from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";

/**
 * What every span's resource starts from: hookwire as the service, this machine (the SDK's host and OS detectors),
 * and this process's own `OTEL_RESOURCE_ATTRIBUTES` / `OTEL_SERVICE_NAME` (a team server started with them).
 */
const base: Resource = resourceFromAttributes({ "service.name": "hookwire" }).merge(
  detectResources({ detectors: [hostDetector, osDetector, envDetector] }),
);

/**
 * The call's own variables, read by the SDK's envDetector (its parsing and percent-decoding, the spec's rule that a
 * malformed list is dropped whole): it reads `process.env` only, so the call's values stand there for the
 * synchronous detect and are put back at once. They win over the server's.
 */
function callResource(otel: NonNullable<Decision["otel"]>): Resource {
  const names = { OTEL_RESOURCE_ATTRIBUTES: otel.resourceAttributes, OTEL_SERVICE_NAME: otel.serviceName };
  const saved = Object.fromEntries(Object.keys(names).map((name) => [name, process.env[name]]));
  try {
    for (const [name, value] of Object.entries(names)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    return base.merge(detectResources({ detectors: [envDetector] }));
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

interface Exporting {
  provider: BasicTracerProvider;
  tracer: Tracer;
}

/** One provider per distinct resource the calls asked for (a provider's resource is fixed), the fewest used dropped. */
const providers = new Map<string, Exporting>();
const MAX_PROVIDERS = 16;

function exporting(otel: Decision["otel"]): Exporting {
  const key = JSON.stringify(otel ?? {});
  let found = providers.get(key);
  if (found) {
    // Most recently used last: the first is the one to drop.
    providers.delete(key);
    providers.set(key, found);
    return found;
  }
  if (providers.size >= MAX_PROVIDERS) {
    const [oldest, dropped] = providers.entries().next().value as [string, Exporting];
    providers.delete(oldest);
    void dropped.provider.shutdown();
  }
  // The exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT and _HEADERS itself.
  const provider = new BasicTracerProvider({
    resource: otel ? callResource(otel) : base,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter(), { scheduledDelayMillis: 1000 })],
  });
  found = { provider, tracer: provider.getTracer("hookwire") };
  providers.set(key, found);
  return found;
}

export function exportDecision(decision: Decision): void {
  const attributes: Record<string, string> = {};
  for (const [field, name] of Object.entries(SPAN_ATTRIBUTES)) {
    const value = decision[field as keyof typeof SPAN_ATTRIBUTES];
    if (value !== undefined && value !== "") attributes[name] = value;
  }
  const start = Date.parse(decision.time);
  const span = exporting(decision.otel).tracer.startSpan(`hookwire ${decision.event}`, {
    startTime: start,
    attributes,
  });
  if (decision.decision === "error")
    span.setStatus({ code: SpanStatusCode.ERROR, message: decision.reason ?? "" });
  span.end(start + decision.durationMs);
}

export async function flush(): Promise<void> {
  await Promise.all([...providers.values()].map(({ provider }) => provider.forceFlush()));
}
