// Who holds a 127.0.0.1 port: the owners (uids) of the listening sockets a connection to 127.0.0.1:<port> can reach,
// from the kernel's socket tables (/proc/net/tcp and tcp6 on Linux, which carry each socket's uid). `connect --http`
// points the agent's http hooks at that port, so another user's listener there would receive every call and its token.
import { readFileSync } from "node:fs";
import os from "node:os";

/** A listening socket on the port: its owner, and the address it is bound to (as the kernel's table spells it). */
export interface Listener {
  uid: number;
  address: string;
}

/** The kernel's word for a listening socket in the `st` column. */
const LISTEN = "0A";

/**
 * The bytes of a table's address: groups of 4 bytes, each written as a 32-bit number in the machine's byte order
 * (so 127.0.0.1 is `0100007F` on x86).
 */
function addressBytes(hex: string): number[] {
  const bytes: number[] = [];
  for (let at = 0; at < hex.length; at += 8) {
    const word = (hex.slice(at, at + 8).match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16));
    bytes.push(...(os.endianness() === "LE" ? word.reverse() : word));
  }
  return bytes;
}

/**
 * Whether a connection to 127.0.0.1 can land on a socket bound to `bytes`: 127.0.0.1 or 0.0.0.0; in tcp6 `::` (a
 * dual-stack socket takes IPv4 too, and the table does not say which ones are IPv6-only, so every one counts) and
 * the IPv4-mapped `::ffff:127.0.0.1` / `::ffff:0.0.0.0`.
 */
function reaches127(bytes: number[]): boolean {
  const v4 = bytes.length === 4 ? bytes : undefined;
  const mapped =
    bytes.length === 16 &&
    bytes.slice(0, 10).every((b) => b === 0) &&
    bytes[10] === 0xff &&
    bytes[11] === 0xff
      ? bytes.slice(12)
      : undefined;
  const ipv4 = v4 ?? mapped;
  if (ipv4) return ipv4.join(".") === "127.0.0.1" || ipv4.join(".") === "0.0.0.0";
  return bytes.length === 16 && bytes.every((b) => b === 0);
}

const spelled = (bytes: number[]): string =>
  bytes.length === 4
    ? bytes.join(".")
    : `[${(
        bytes
          .map((b) => b.toString(16).padStart(2, "0"))
          .join("")
          .match(/.{4}/g) ?? []
      ).join(":")}]`;

/** The listeners of one table (`/proc/net/tcp`'s text) on `port` that 127.0.0.1 reaches. */
export function listenersIn(table: string, port: number): Listener[] {
  const found: Listener[] = [];
  for (const line of table.split("\n").slice(1)) {
    // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
    const [, local, , state, , , , uid] = line.trim().split(/\s+/);
    if (state !== LISTEN || !local || uid === undefined || !/^\d+$/.test(uid)) continue;
    const [hex = "", portHex = ""] = local.split(":");
    if (Number.parseInt(portHex, 16) !== port || !/^(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{32})$/.test(hex)) continue;
    const bytes = addressBytes(hex);
    if (reaches127(bytes)) found.push({ uid: Number(uid), address: `${spelled(bytes)}:${port}` });
  }
  return found;
}

/**
 * The listeners on 127.0.0.1:`port`, from the kernel; `undefined` where the system has no such table to read (macOS,
 * the BSDs, Windows): the caller then cannot tell whose a listener is, and says so.
 */
export function listenersOn(
  port: number,
  tables = ["/proc/net/tcp", "/proc/net/tcp6"],
): Listener[] | undefined {
  let read = false;
  const found: Listener[] = [];
  for (const table of tables) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    read = true;
    found.push(...listenersIn(text, port));
  }
  return read ? found : undefined;
}

/**
 * Who holds 127.0.0.1:`port` when this user's server does not, in words for the user: another user (by uid), another
 * program of this user's, or — where the system keeps no table, and `inUse` says the port is taken (a listen failed
 * with EADDRINUSE) — something it does not name. `undefined`: nothing listens there, or nothing is known.
 */
export function holderOf(port: number, inUse = false, uid = process.getuid?.()): string | undefined {
  const listeners = listenersOn(port);
  if (listeners === undefined) return inUse ? "something (this system does not say whose)" : undefined;
  const others = [...new Set(listeners.filter((l) => l.uid !== uid).map((l) => l.uid))];
  if (others.length > 0) return `another user (uid ${others.join(", uid ")})`;
  return listeners.length > 0 ? "another program of yours" : undefined;
}
