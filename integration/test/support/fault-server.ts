// A real HTTP server on 127.0.0.1 with one route per way an http hook can misbehave.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const HUGE_BODY_BYTES = 2 * 1024 ** 3;

export interface FaultServer {
  url(route: string): string;
  /** How many bytes the /huge route managed to send before the client hung up. */
  hugeBytesSent(): number;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, "x");

export async function startFaultServer(answer: (route: string) => unknown): Promise<FaultServer> {
  let hugeSent = 0;
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    req.resume();
    const route = (req.url ?? "/").slice(1);
    switch (route) {
      case "500":
        res.writeHead(500, { "content-type": "text/plain" }).end("internal failure");
        return;
      case "slow":
        // Never answers; the hook's timeout must end the request.
        return;
      case "redirect":
        res.writeHead(302, { location: "/redirect" }).end();
        return;
      case "huge": {
        res.writeHead(200, { "content-type": "application/json" });
        const pump = () => {
          while (hugeSent < HUGE_BODY_BYTES && !res.destroyed) {
            hugeSent += CHUNK.length;
            if (!res.write(CHUNK)) return void res.once("drain", pump);
          }
          if (!res.destroyed) res.end();
        };
        pump();
        return;
      }
      default:
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer(route) ?? {}));
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: (route) => `http://127.0.0.1:${port}/${route}`,
    hugeBytesSent: () => hugeSent,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

/** A port nothing listens on: bound, read, released. */
export async function refusedPort(): Promise<number> {
  const server = http.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}
