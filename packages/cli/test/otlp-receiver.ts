// A local OTLP/HTTP receiver on 127.0.0.1 for the tests: collects the spans of JSON exports, with their resource.
import { createServer } from "node:http";

export interface ReceivedSpan {
  name: string;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

/** A local OTLP/HTTP receiver: collects the JSON export's spans. */
export async function receiver() {
  const spans: ReceivedSpan[] = [];
  const attrs = (list: { key: string; value: Record<string, unknown> }[] = []) =>
    Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      const data = JSON.parse(body);
      for (const resourceSpans of data.resourceSpans ?? [])
        for (const scope of resourceSpans.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({
              name: span.name,
              attributes: attrs(span.attributes),
              resource: attrs(resourceSpans.resource?.attributes),
            });
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise((r) => server.close(r)) };
}
