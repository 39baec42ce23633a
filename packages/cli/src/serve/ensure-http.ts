// The per-user server made ready for a session's http hooks: what the SessionStart command `connect --http` writes
// runs (`hookwire hook claude SessionStart --http-port PORT`), and `hookwire serve --ensure`. With the server already
// listening on that port with this user's token it costs one exchange over the server's own port.
import { readFileSync, statSync } from "node:fs";
import { serverLogFile, startServerInBackground } from "./autostart.js";
import { askServer, type ServerStatus } from "./control.js";
import { ensureHttpToken, tokenFingerprint } from "./http-token.js";
import { holderOf } from "./port-holder.js";
import { serverSetting } from "./server-setting.js";

/**
 * How long a server just started may take to answer before the session is told it did not: past the start-up lock's
 * 15 s, which a killed server leaves fresh behind it (autostart waits for it to go stale).
 */
const START_MS = 20_000;
const POLL_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What `hookwire serve` wrote on its log past `from` bytes (a server started since says why it ended there). */
function logSince(from: number): string {
  try {
    return readFileSync(serverLogFile()).subarray(from).toString("utf8");
  } catch {
    return "";
  }
}

const logSize = (): number => {
  try {
    return statSync(serverLogFile()).size;
  } catch {
    return 0;
  }
};

/** The line of a server that could not listen (a port in use, one it may not bind): no use waiting for it. */
const cannotListen = (log: string): string | undefined =>
  log
    .split("\n")
    .find((line) => /^hookwire serve: listen E[A-Z]+/.test(line))
    ?.slice(0, 300);

/**
 * `undefined` once this user's server listens on 127.0.0.1:`port` with the token of the user's token file (made when
 * missing); else what is wrong and the fix, for the agent's user, and the session must not go on (`refuseSession`):
 * whatever else holds the port would receive the agent's calls and token, and could allow them. A server of this
 * user's on another port, with another token or of an older hookwire is stopped and started again on this one,
 * without an idle exit: an http hook cannot start it, so it stays until `hookwire serve --stop`, logout (its runtime
 * folder) or a reboot.
 *
 * The server's word that it listens there is proof enough that nobody else does: it proved itself with the secret of
 * `serve.tcp`, and the kernel gives a listening 127.0.0.1 port to one socket (the server sets no SO_REUSEPORT; Linux
 * lets only the same user share a port that way, and refuses 0.0.0.0 or a dual-stack :: on a port 127.0.0.1 listens
 * on). Without that word, the kernel's socket table names who holds the port (`holderOf`).
 */
export async function ensureHttpServer(port: number, agent?: string): Promise<string | undefined> {
  let token: string;
  try {
    token = ensureHttpToken();
  } catch (error) {
    return `hookwire: ${(error as Error).message}`;
  }
  const url = `http://127.0.0.1:${port}`;
  const fits = (status: ServerStatus) =>
    status.url === url && status.token === tokenFingerprint(token) && !status.older;
  const first = await askServer("status", undefined, 2000);
  if (first.ok && fits(first.status)) return undefined;
  if (first.ok) {
    await askServer("stop");
    for (
      let waited = 0;
      waited < START_MS && (await askServer("status", undefined, 1000)).ok;
      waited += POLL_MS
    )
      await sleep(POLL_MS);
  }
  // Another user's listener: no server of ours can take the port, and nothing may be sent there.
  const holder = holderOf(port);
  if (holder?.startsWith("another user")) return heldBy(holder, port, agent);
  if (serverSetting() === "off")
    return `hookwire: the per-user server is turned off (HOOKWIRE_SERVER=off, or "server": "off" in the hookwire config), so no server of yours answers ${url}: this session is stopped. Fix: turn it back on, or run hookwire serve --port ${port} yourself.`;
  let started = false;
  const logFrom = logSize();
  let why: string | undefined;
  for (let waited = 0; waited < START_MS && !why; waited += POLL_MS) {
    // Its token comes from the file (autostart passes no HOOKWIRE_TOKEN down).
    if (!started)
      started = startServerInBackground(undefined, ["--port", String(port), "--idle-timeout", "0"]);
    const asked = await askServer("status", undefined, 1000);
    if (asked.ok && fits(asked.status)) return undefined;
    // Another call started one for command hooks meanwhile (any port): this one replaces it.
    if (asked.ok) {
      await askServer("stop");
      started = false;
    }
    why = cannotListen(logSince(logFrom));
    if (!why) await sleep(POLL_MS);
  }
  const taken = holderOf(port, why?.includes("EADDRINUSE"));
  if (taken) return heldBy(taken, port, agent);
  const { connect } = await words(agent);
  return `hookwire: no hookwire server of yours listens on ${url}${why ? ` (${why})` : ""}: this session is stopped. Fix: free port ${port}, or ${connect} --port <a free port>; hookwire doctor says more.`;
}

// Read only for a problem: a session whose server answers loads no agent table.
const words = async (agent: string | undefined) => (await import("./agent-words.js")).postedBy(agent);

/**
 * The refusal when `holder` (not this user's server) listens on the port the http hooks post to: `agent`'s (the
 * session's), or every agent's connected with `--http` when no session asks (`serve --ensure`).
 */
async function heldBy(holder: string, port: number, agent: string | undefined): Promise<string> {
  const { hooks, connect } = await words(agent);
  return `hookwire: ${holder} listens on 127.0.0.1:${port}, where ${hooks} would send every call and your hookwire token, and it could allow them: this session is stopped. Fix: ${connect} --port <a free port> (or free port ${port}); hookwire doctor says more.`;
}

/**
 * What the session-start and prompt commands of `connect --http` print when `ensureHttpServer` found a problem: the
 * session stops before anything reaches the port (the common `continue: false`, which Claude Code honours on
 * UserPromptSubmit: the prompt never reaches the model), and the reason is what the user reads.
 */
export const refuseSession = (problem: string): string =>
  `${JSON.stringify({ continue: false, stopReason: problem })}\n`;
