// Where the resident server's private socket lives, and the checks that it is this user's: Node's modules only,
// since the forwarding client (every `hookwire hook` call) imports it.
import { lstatSync, type Stats } from "node:fs";
import path from "node:path";
import { stateRoot } from "../state-root.js";

/**
 * `$XDG_RUNTIME_DIR/hookwire` (per user, 0700, gone at logout), else `<state folder>/run`. A socket path is
 * limited to about 100 bytes; the state folder of a deep home may pass it, and then no server listens there.
 */
export function socketDir(): string {
  const runtime = process.env.XDG_RUNTIME_DIR;
  return runtime && path.isAbsolute(runtime) ? path.join(runtime, "hookwire") : path.join(stateRoot(), "run");
}

export const socketPath = (): string => path.join(socketDir(), "serve.sock");

/**
 * The longest socket path used (bytes). A Unix socket address holds about 107; Node binds a longer path cut short,
 * somewhere else than asked, so a longer one is never bound nor connected to.
 */
export const MAX_SOCKET_PATH = 100;

export const socketPathFits = (file: string): boolean => Buffer.byteLength(file) <= MAX_SOCKET_PATH;

/** Why `stat` is not this user's private folder or socket (no group or other access at all), or `undefined`. */
export function notPrivate(stat: Stats, kind: "folder" | "socket" | "file"): string | undefined {
  const isKind = kind === "folder" ? stat.isDirectory() : kind === "socket" ? stat.isSocket() : stat.isFile();
  if (!isKind) return `it is not a ${kind}`;
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) return `it is owned by user ${stat.uid}`;
  if ((stat.mode & 0o077) !== 0) return `its mode is ${(stat.mode & 0o777).toString(8)}, not private`;
  return undefined;
}

/**
 * The socket to forward to, or why there is none to trust: its folder and the socket itself must be this
 * user's and private, so another local user can neither answer for the server nor read what is sent.
 */
export function trustedSocket(file = socketPath()): { ok: true; file: string } | { ok: false; why: string } {
  if (!socketPathFits(file)) return { ok: false, why: `${file} is too long for a socket` };
  const why = privateEntryProblem(file, "socket");
  return why ? { ok: false, why } : { ok: true, file };
}

/** Why `file` and its folder are not this user's private ones (each checked with lstat: no link), or `undefined`. */
export function privateEntryProblem(file: string, kind: "socket" | "file"): string | undefined {
  for (const [target, what] of [
    [path.dirname(file), "folder"],
    [file, kind],
  ] as const) {
    let stat: Stats;
    try {
      stat = lstatSync(target);
    } catch {
      return `no ${what} at ${target}`;
    }
    const why = notPrivate(stat, what);
    if (why) return `${target}: ${why}`;
  }
  return undefined;
}
