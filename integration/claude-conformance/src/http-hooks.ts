// The server http hooks post to (127.0.0.1): logs each body like a command hook's stdin, answers per route.
import { appendFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { HttpRoute } from "./case.js";

export interface HttpHookServer {
  url: string;
  close(): Promise<void>;
}

export async function startHttpHooks(
  routes: Readonly<Record<string, HttpRoute>>,
  logs: string,
): Promise<HttpHookServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const name = (req.url ?? "/").slice(1);
      const route = routes[name];
      appendFileSync(path.join(logs, `${name}.jsonl`), `${Buffer.concat(chunks).toString("utf8")}\n`);
      const body =
        route?.body === undefined
          ? ""
          : typeof route.body === "string"
            ? route.body
            : JSON.stringify(route.body);
      res.writeHead(route?.status ?? (route ? 200 : 404), { "content-type": "application/json" });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
