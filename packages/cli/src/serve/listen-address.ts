// `hookwire serve --listen host:port`: the address parsed strictly, and whether only this machine can reach it.
import net from "node:net";
import { CliUsageError } from "../errors.js";

export interface ListenAddress {
  host: string;
  port: number;
  /** Only this machine can connect (127.0.0.0/8, ::1): plain http never leaves it. */
  loopback: boolean;
}

/**
 * `127.0.0.1:8977`, `[::1]:8977`, `localhost:8977`, `0.0.0.0:8977`. Names other than `localhost` are refused: what
 * a name resolves to can change under the server, and an address says exactly which interface is exposed.
 */
export function parseListen(text: string): ListenAddress {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(text);
  const usage = `--listen expects host:port with an IP address (127.0.0.1:8977, [::1]:8977, 0.0.0.0:8977), got ${JSON.stringify(text)}.`;
  if (!match) throw new CliUsageError(usage);
  const port = Number(match[3]);
  if (port > 65535) throw new CliUsageError(`--listen: port ${port} is over 65535.`);
  const bracketed = match[1];
  const name = match[2] ?? "";
  const host = bracketed ?? (name === "localhost" ? "127.0.0.1" : name);
  const family = net.isIP(host);
  if (family === 0 || (bracketed !== undefined && family !== 6) || (bracketed === undefined && family === 6))
    throw new CliUsageError(usage);
  // Written in full only: `127.1` or `0x7f.1` are other spellings of addresses that a reader would misjudge.
  if (family === 4 && !/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) throw new CliUsageError(usage);
  const loopback = family === 4 ? host.startsWith("127.") : net.isIPv6(host) && isIPv6Loopback(host);
  return { host, port, loopback };
}

function isIPv6Loopback(host: string): boolean {
  const list = new net.BlockList();
  list.addAddress("::1", "ipv6");
  return list.check(host, "ipv6");
}
