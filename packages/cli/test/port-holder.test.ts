// Who holds a 127.0.0.1 port, read from the kernel's socket tables: real listeners of this user's and of another
// (uid 65534), on every address a connection to 127.0.0.1 can land on, and on the ones it cannot.
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { holderOf, listenersOn } from "../src/serve/port-holder.js";
import { plantedListener } from "./serve-harness.js";

const linux = process.platform === "linux";
const closing: Array<() => void> = [];
afterEach(() => {
  for (const close of closing.splice(0)) close();
});

function listen(host: string, port = 0, ipv6Only = false): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen({ port, host, ipv6Only }, () => resolve(server));
    closing.push(() => server.close());
  });
}
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

/** A listener of uid 65534 on `host`; its port. */
async function othersListener(host: string): Promise<number> {
  const planted = await plantedListener(host);
  closing.push(planted.stop);
  return planted.port;
}

describe.runIf(linux && process.getuid?.() === 0)("the holder of a 127.0.0.1 port", () => {
  const me = process.getuid?.() as number;

  it("names another user's listener on 127.0.0.1, on 0.0.0.0 and on a dual-stack ::", async () => {
    for (const host of ["127.0.0.1", "0.0.0.0", "::"]) {
      const port = await othersListener(host);
      expect(listenersOn(port)?.map((l) => l.uid)).toEqual([65534]);
      expect(holderOf(port)).toBe("another user (uid 65534)");
    }
  });

  it("names a listener of the user's own as another program of theirs, and an empty port as nobody's", async () => {
    const server = await listen("127.0.0.1");
    expect(listenersOn(portOf(server))).toEqual([{ uid: me, address: `127.0.0.1:${portOf(server)}` }]);
    expect(holderOf(portOf(server))).toBe("another program of yours");
    const port = portOf(server);
    await new Promise((resolve) => server.close(resolve));
    expect(listenersOn(port)).toEqual([]);
    expect(holderOf(port)).toBeUndefined();
  });

  it("leaves out listeners a connection to 127.0.0.1 cannot reach (127.0.0.2, ::1), and counts an IPv6-only :: (the table cannot tell)", async () => {
    const other = await listen("127.0.0.2");
    expect(listenersOn(portOf(other))).toEqual([]);
    const loop6 = await listen("::1");
    expect(listenersOn(portOf(loop6))).toEqual([]);
    const only6 = await listen("::", 0, true);
    expect(listenersOn(portOf(only6))).toEqual([
      { uid: me, address: `[0000:0000:0000:0000:0000:0000:0000:0000]:${portOf(only6)}` },
    ]);
  });

  it("says it cannot tell where the system has no socket table", () => {
    expect(listenersOn(1, ["/nonexistent/tcp", "/nonexistent/tcp6"])).toBeUndefined();
  });

  it("reads tables of any length and skips lines that are not sockets", async () => {
    const server = await listen("127.0.0.1");
    const port = portOf(server);
    expect(listenersOn(port, ["/proc/net/tcp", "/proc/self/status", "/proc/net/tcp6"])).toEqual([
      { uid: me, address: `127.0.0.1:${port}` },
    ]);
  });
});
