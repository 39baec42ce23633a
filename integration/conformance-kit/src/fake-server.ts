// The HTTP side of every fake model server: 127.0.0.1, a JSON body per request, the requests kept in order.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest<B> {
  method: string;
  url: string;
  /** The parsed JSON body; `{}` when there is none or it does not parse. */
  body: B;
}

/** A JSON answer (status 200 unless given), or a server-sent-events stream. */
export type FakeAnswer = { status?: number; json: unknown } | { sse: string };

export interface FakeServer<B> {
  /** `http://127.0.0.1:<port>` and the base path. */
  url: string;
  /** The requests `answer` kept (`keep()`), in arrival order. */
  requests: { url: string; body: B }[];
  close(): Promise<void>;
}

/**
 * Starts a server on a free loopback port; `answer` is the agent's API (what it answers depends only on
 * the request) and calls `keep()` for the requests the observation counts.
 */
export async function startFakeServer<B>(
  answer: (request: FakeRequest<B>, keep: () => void) => FakeAnswer,
  basePath = "",
): Promise<FakeServer<B>> {
  const requests: FakeServer<B>["requests"] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body = {} as B;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {}
      const url = req.url ?? "";
      const reply = answer({ method: req.method ?? "", url, body }, () => requests.push({ url, body }));
      if ("sse" in reply) {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        res.end(reply.sse);
      } else {
        res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
        res.end(JSON.stringify(reply.json));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
