// The files by which this user's server is found: the socket (Node clients), `serve.tcp` (the shell entry,
// bin/hookwire-hook, which spells the folder again), the start-up lock. Node's modules only: the forwarding client
// imports this.
import { randomBytes } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { privateEntryProblem, socketDir } from "./socket-path.js";

/**
 * The first word of `serve.tcp`: the exchange the shell entry speaks; another word there is not used, so an entry
 * upgraded while an older server runs answers through the Node adapter instead. Raised with every change of the
 * exchange (2: a frame's length ends with a space).
 */
export const SHELL_INFO_FORMAT = "hookwire-tcp-2";

/**
 * Formats of older servers (an upgrade leaves one running): their calls are not spoken to, but `stop` and `status`
 * are, since every format so far proves the server and answers them alike (`control.ts`), so `hookwire serve --stop`
 * and `hookwire status` still reach an older server of this user's.
 */
const OLDER_FORMATS: readonly string[] = ["hookwire-tcp-1"];

/** What `serve.tcp` says: where the server listens for the shell entry, and the two secrets of the exchange. */
export interface ShellInfo {
  port: number;
  /** The client sends it with each call: only this user can have read it. */
  client: string;
  /** The server sends it first: whoever else listens on the port cannot. */
  server: string;
  pid: number;
  /** Written by an older hookwire (`OLDER_FORMATS`): ask it to stop, never send it a call. */
  older?: true;
}

export const shellInfoFile = (dir = socketDir()): string => path.join(dir, "serve.tcp");
export const startLockFile = (dir = socketDir()): string => path.join(dir, "serve.lock");

export const newSecret = (): string => randomBytes(24).toString("hex");

/** Written whole (a private temporary file renamed over it): the shell entry never reads half of it. */
export function writeShellInfo(info: ShellInfo, file = shellInfoFile()): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(
      temporary,
      `${SHELL_INFO_FORMAT} ${info.port} ${info.client} ${info.server} ${info.pid}\n`,
      { mode: 0o600, flag: "w" },
    );
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * `serve.tcp` as the shell entry would trust it, or why not: the folder and the file this user's and private, the
 * format this one or an older one (marked `older`).
 */
export function readShellInfo(
  file = shellInfoFile(),
): { ok: true; info: ShellInfo } | { ok: false; why: string } {
  const why = privateEntryProblem(file, "file");
  if (why) return { ok: false, why };
  const [format, port, client, server, pid] = readFileSync(file, "utf8").trim().split(" ");
  if (
    (format !== SHELL_INFO_FORMAT && !OLDER_FORMATS.includes(format ?? "")) ||
    !client ||
    !server ||
    !/^\d{1,5}$/.test(port ?? "") ||
    !/^\d+$/.test(pid ?? "")
  )
    return { ok: false, why: `${file} is not a hookwire server's` };
  const info: ShellInfo = { port: Number(port), client, server, pid: Number(pid) };
  return { ok: true, info: format === SHELL_INFO_FORMAT ? info : { ...info, older: true } };
}
