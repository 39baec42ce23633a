// `hookwire serve`: the resident server. Agents' http hooks POST to it on 127.0.0.1 (a bearer token, a checked
// Host), `hookwire hook` forwards to it over a private socket; both are answered by the adapter's one path.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, lstatSync, mkdirSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import net from "node:net";
import path from "node:path";
import { sha256 } from "@hookwire/core/internal";
import type { DialectId } from "@hookwire/settings-hooks";
import { HOOK_AGENT_IDS } from "@hookwire/settings-hooks/agents";
import { MAX_INPUT_BYTES } from "../adapter/agent-input.js";
import { ProjectPool } from "../adapter/project-hooks.js";
import { answerInTime } from "../adapter/run-hook.js";
import { flushRecords, recordDecision } from "../log/recorder.js";
import { tokenRefusal } from "./agent-words.js";
import { forwardedVariables } from "./forwarded-variables.js";
import { readHttpToken, tokenFingerprint } from "./http-token.js";
import { newSecret, readShellInfo, shellInfoFile, writeShellInfo } from "./runtime-files.js";
import { listenForShell, type ShellAnswer, type ShellCall, type ShellHandlers } from "./shell-listener.js";
import { MAX_SOCKET_PATH, notPrivate, socketPath, socketPathFits } from "./socket-path.js";
import type { TokenTable } from "./team-tokens.js";

export interface ServeOptions {
  /** 127.0.0.1 port; 0 (default) picks a free one. */
  port?: number;
  /** Exits after this long without a call (default 30 minutes; 0: never). */
  idleMs?: number;
  /** Projects (agent and root) whose hooks stay loaded (default 32, least recently used dropped). */
  maxProjects?: number;
  /**
   * The bearer token (default `HOOKWIRE_TOKEN` when it is at least 32 characters, else this user's http token file
   * when there is a private one, else 32 random bytes).
   */
  token?: string;
  /** The private socket `hookwire hook` forwards to (default `socketPath()`); `false`: none. */
  socket?: string | false;
  /** Told when the idle timeout ends the server. */
  onIdle?: () => void;
  /** Told when `hookwire serve --stop` asks this server to end. */
  onStop?: () => void;
  /** A team server (`--policy`): its calls are authorised by `team.tokens` and run `team.policy`'s hooks. */
  team?: TeamOptions;
}

/** What makes `hookwire serve` a team server (docs/scale.md). */
export interface TeamOptions {
  /** The policy folder: every call runs its hooks, whatever the event's `cwd` says. */
  policy: string;
  /** One token per developer; each decision carries the developer's name. */
  tokens: TokenTable;
  /** The address to bind (127.0.0.1 unless the operator said otherwise). */
  host: string;
}

export interface ResolvedServeOptions {
  port: number;
  idleMs: number;
  maxProjects: number;
  token: string;
  socket: string | false;
}

/** Defaults, then the environment, then the caller: in one place. */
export function resolveServeOptions(options: ServeOptions = {}): ResolvedServeOptions {
  const fromEnv = process.env.HOOKWIRE_TOKEN;
  return {
    port: options.port ?? 0,
    idleMs: options.idleMs ?? 30 * 60 * 1000,
    maxProjects: options.maxProjects ?? 32,
    token: options.token ?? (fromEnv && fromEnv.length >= 32 ? fromEnv : fileToken()),
    socket: options.socket ?? socketPath(),
  };
}

/** The user's http token (connect --http): never made here, so a server for command hooks leaves no file behind. */
function fileToken(): string {
  const read = readHttpToken();
  if (read.ok) return read.token;
  if (!read.missing) process.stderr.write(`hookwire serve: ${read.why} http hooks get 401 until then.\n`);
  return randomBytes(32).toString("base64url");
}

/** What `status` and `stop` answer (`ServerStatus`). */
function statusLine(
  resolved: ResolvedServeOptions,
  now: { startedAt: string; calls: number; projects: number; port: number },
  request: "status" | "stop",
): string {
  return JSON.stringify({
    pid: process.pid,
    startedAt: now.startedAt,
    calls: now.calls,
    projects: now.projects,
    url: `http://127.0.0.1:${now.port}`,
    token: tokenFingerprint(resolved.token),
    // Read now: the shell entry's SessionStart checks this instead of hashing the file itself.
    tokenIsFile: tokenIsFile(resolved.token),
    socket: resolved.socket || undefined,
    idleMs: resolved.idleMs,
    stopping: request === "stop",
  });
}

/** Whether `token` is the one in the user's token file as it is now. */
function tokenIsFile(token: string): boolean {
  const read = readHttpToken();
  return read.ok && read.token === token;
}

export interface RunningServer {
  /** `http://<host>:<port>`; `<url>/<agent>[/<event>]` takes the agent's hook POST. */
  url: string;
  /** The headers an authorised client sends. */
  headers: Record<string, string>;
  socket: string | false;
  /** The port the shell entry (bin/hookwire-hook) calls, written in `serve.tcp` beside the socket; none without one. */
  shellPort: number | undefined;
  projects: ProjectPool;
  close(): Promise<void>;
}

/** A request body past this is refused with 413 before it is read further. */
export const MAX_BODY_BYTES = MAX_INPUT_BYTES;

// Compared as digests, so the comparison takes the same time whatever the length sent.
const digest = (text: string): Buffer => Buffer.from(sha256(text), "hex");

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

class BodyTooLarge extends Error {}

function reply(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
}

const refusal = (message: string) => `${JSON.stringify({ error: message })}\n`;

/** The agent and event a path names: `/<agent>` (the event from the body) or `/<agent>/<event>`. */
function route(url: string | undefined): { agent: DialectId; event?: string } | undefined {
  const pathname = (url ?? "").split("?")[0] ?? "";
  const [agent, event, ...rest] = pathname.split("/").slice(1);
  if (rest.length > 0 || !agent || !(HOOK_AGENT_IDS as readonly string[]).includes(agent)) return undefined;
  if (event !== undefined && !/^[A-Za-z]{1,64}$/.test(event)) return undefined;
  return { agent: agent as DialectId, ...(event ? { event } : {}) };
}

/** The event name an agent's http-hook body carries (Claude Code's `hook_event_name`). */
function eventInBody(body: string): string | undefined {
  try {
    const value = JSON.parse(body) as { hook_event_name?: unknown };
    return typeof value?.hook_event_name === "string" ? value.hook_event_name : undefined;
  } catch {
    return undefined;
  }
}

/** Who may call: this user's server checks `Host` and its one token; a team server a token per developer. */
type Admit = (request: IncomingMessage, response: ServerResponse) => { user?: string } | undefined;

function admitThisUser(token: string, port: () => number): Admit {
  const expected = digest(`Bearer ${token}`);
  return (request, response) => {
    // A page in a browser can reach 127.0.0.1 under a name it controls (DNS rebinding): only these Hosts are ours.
    const host = request.headers.host ?? "";
    if (host !== `127.0.0.1:${port()}` && host !== `localhost:${port()}`) {
      reply(response, 403, refusal(`Host ${JSON.stringify(host)} is not this server's.`));
      return undefined;
    }
    const given = request.headers.authorization;
    if (typeof given !== "string" || !timingSafeEqual(digest(given), expected)) {
      response.setHeader("www-authenticate", "Bearer");
      // An agent without HOOKWIRE_TOKEN sends `Bearer `: the refusal names that agent's fix.
      const empty = typeof given === "string" && given.trim() === "Bearer";
      reply(response, 401, refusal(tokenRefusal(route(request.url)?.agent, empty)));
      return undefined;
    }
    return {};
  };
}

/**
 * A team server answers whatever `Host` the team's proxy forwards: a page in a browser has no developer's token.
 * Every refused call is a line in the decision log: who tried (a revoked token's owner, or the unknown token's
 * digest), from which address (and the proxy's `X-Forwarded-For`, as sent), and why.
 */
function admitTeam(team: TeamOptions): Admit {
  return (request, response) => {
    const admitted = team.tokens.admit(request.headers.authorization);
    if (!("refused" in admitted)) return { user: admitted.user };
    const forwarded = request.headers["x-forwarded-for"];
    const from = `${request.socket.remoteAddress ?? "?"}${typeof forwarded === "string" ? ` (X-Forwarded-For: ${forwarded.slice(0, 200)})` : ""}`;
    const token = admitted.digest ? `, token sha256:${admitted.digest.slice(0, 12)}…` : "";
    recordDecision({
      time: new Date().toISOString(),
      agent: route(request.url)?.agent ?? "",
      session: "",
      event: route(request.url)?.event ?? "",
      native: "",
      project: team.policy,
      ...(admitted.user ? { user: admitted.user } : {}),
      decision: "refused",
      reason: `401 from ${from}${token}: ${admitted.refused}`,
      durationMs: 0,
    });
    response.setHeader("www-authenticate", "Bearer");
    reply(response, 401, refusal(admitted.refused));
    return undefined;
  };
}

/**
 * Listens on 127.0.0.1 (a team server: on `team.host`) and, for this user's server, on the private socket; resolves
 * once every listener accepts calls.
 */
export async function startServer(options: ServeOptions = {}): Promise<RunningServer> {
  const resolved = resolveServeOptions(options);
  const team = options.team;
  if (team) resolved.socket = false;
  const projects = new ProjectPool(resolved.maxProjects, team?.policy);
  let port = resolved.port;
  let idle: NodeJS.Timeout | undefined;
  let inFlight = 0;
  let calls = 0;
  let shellPort: number | undefined;
  const startedAt = new Date().toISOString();
  const touch = () => {
    if (idle) clearTimeout(idle);
    if (resolved.idleMs > 0 && inFlight === 0)
      idle = setTimeout(() => options.onIdle?.(), resolved.idleMs).unref();
  };
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight++;
    if (idle) clearTimeout(idle);
    try {
      return await work();
    } finally {
      inFlight--;
      touch();
    }
  };

  const admit = team ? admitTeam(team) : admitThisUser(resolved.token, () => port);
  const host = team?.host ?? "127.0.0.1";
  const http = createServer((request, response) => {
    const admitted = admit(request, response);
    if (!admitted) {
      request.resume();
      return;
    }
    const target = route(request.url);
    if (request.method !== "POST" || !target) {
      reply(
        response,
        target ? 405 : 404,
        refusal(`POST <url>/<agent>[/<event>], agent one of ${HOOK_AGENT_IDS.join(", ")}.`),
      );
      request.resume();
      return;
    }
    void track(async () => {
      let body: string;
      try {
        body = await readBody(request);
      } catch (error) {
        if (error instanceof BodyTooLarge)
          reply(response, 413, refusal(`The body is over ${MAX_BODY_BYTES} bytes.`));
        return;
      }
      const event = target.event ?? eventInBody(body);
      if (!event) {
        reply(response, 400, refusal("No event: POST to <url>/<agent>/<event>, or send hook_event_name."));
        return;
      }
      const flags = admitted.user === undefined ? HTTP_FLAGS : { ...HTTP_FLAGS, user: admitted.user };
      const answer = await answerInTime(target.agent, event, flags, Promise.resolve(body), projects);
      if (answer.code !== 0 && answer.stdout === "") {
        reply(response, 400, refusal(answer.stderr.trim()));
        return;
      }
      reply(response, 200, answer.stdout || "{}");
    });
  });
  http.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(resolved.port, host, () => {
      http.off("error", reject);
      resolve();
    });
  });
  port = (http.address() as net.AddressInfo).port;

  let socketServer: net.Server | undefined;
  let shellServer: net.Server | undefined;
  // A team server has neither: its calls come over the network, each with a developer's token.
  const runDir = resolved.socket ? path.dirname(resolved.socket) : undefined;
  if (resolved.socket && !socketPathFits(resolved.socket)) {
    process.stderr.write(
      `hookwire serve: ${resolved.socket} is too long for a socket (over ${MAX_SOCKET_PATH} bytes); the Node entry runs calls in-process (the shell entry still reaches this server). Set XDG_RUNTIME_DIR to a short private folder.\n`,
    );
    resolved.socket = false;
  }
  const answerCall = (call: ForwardedCall | ShellCall) =>
    track(() => {
      calls++;
      return answerInTime(
        call.agent as DialectId,
        call.event,
        call,
        typeof call.input === "string" ? Promise.resolve(call.input) : call.input,
        projects,
        call.env,
      );
    });
  try {
    if (resolved.socket) socketServer = await listenPrivately(resolved.socket, answerCall);
    if (runDir) {
      shellServer = await shellEntry(runDir, answerCall, async (request) => {
        if (request === "stop") setImmediate(() => options.onStop?.());
        return statusLine(resolved, { startedAt, calls, projects: projects.size, port }, request);
      });
      shellPort = (shellServer.address() as net.AddressInfo).port;
    }
  } catch (error) {
    await Promise.all([http, socketServer, shellServer].map((server) => server && closeServer(server)));
    throw error;
  }
  touch();
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}`,
    headers: team ? {} : { Authorization: `Bearer ${resolved.token}` },
    socket: resolved.socket,
    shellPort,
    projects,
    close: async () => {
      if (idle) clearTimeout(idle);
      await Promise.all([http, socketServer, shellServer].map((server) => server && closeServer(server)));
      if (resolved.socket) rmSync(resolved.socket, { force: true });
      // Only our own: a server started since may have written its own.
      if (runDir) removeShellInfoOf(process.pid, shellInfoFile(runDir));
      projects.clear();
      await flushRecords();
    },
  };
}

function closeServer(server: Server | net.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    (server as Server).closeAllConnections?.();
  });
}

/** An http hook call: the agent's own switch decides what a failure of the server does (connect --fail-open). */
const HTTP_FLAGS = { failOpen: false } as const;

/** One forwarded call, as `hookwire hook` sends it: one JSON line. */
export interface ForwardedCall {
  agent: DialectId;
  event: string;
  failOpen: boolean;
  /** `--fail-closed-hooks` on the command that forwarded it. */
  failClosedHooks?: boolean;
  /** The agent's variables hookwire reads (`FORWARDED_VARIABLES`). */
  env: Record<string, string>;
  input: string;
}

/** A forwarded call line past this is refused (the input bound, JSON-escaped). */
const MAX_LINE_BYTES = MAX_INPUT_BYTES * 2 + 4096;

function parseCall(line: string): ForwardedCall | undefined {
  try {
    const call = JSON.parse(line) as Partial<ForwardedCall>;
    if (
      typeof call.agent === "string" &&
      (HOOK_AGENT_IDS as readonly string[]).includes(call.agent) &&
      typeof call.event === "string" &&
      typeof call.input === "string"
    )
      return {
        agent: call.agent,
        event: call.event,
        failOpen: call.failOpen === true,
        ...(call.failClosedHooks === true ? { failClosedHooks: true } : {}),
        env: forwardedVariables((call.env ?? {}) as NodeJS.ProcessEnv),
        input: call.input,
      };
  } catch {}
  return undefined;
}

/**
 * The socket in a folder only this user can enter (0700), itself 0600: a stale socket (no server behind it)
 * is replaced, a live one means a server already runs, and a folder or socket that is not this user's private
 * one is refused rather than used.
 */
async function listenPrivately(
  file: string,
  answer: (call: ForwardedCall) => Promise<{ stdout: string; stderr: string; code: number }>,
): Promise<net.Server> {
  ensureRunDir(path.dirname(file));
  if (await answers(file)) throw new Error(`A hookwire server already listens on ${file}.`);
  rmSync(file, { force: true });
  const server = net.createServer((connection) => {
    // The line so far, in chunks: only a new chunk is searched for its end (searching all of it at each chunk took
    // a 16 MiB input ~9 s).
    const parts: string[] = [];
    let length = 0;
    connection.setEncoding("utf8");
    connection.on("error", () => undefined);
    connection.on("data", (chunk: string) => {
      const end = chunk.indexOf("\n");
      length += end === -1 ? chunk.length : end;
      if (length > MAX_LINE_BYTES) {
        connection.destroy();
        return;
      }
      if (end === -1) return void parts.push(chunk);
      connection.pause();
      parts.push(chunk.slice(0, end));
      const call = parseCall(parts.join(""));
      if (!call) {
        connection.end(
          `${JSON.stringify({ stdout: "", stderr: "hookwire: a malformed call\n", code: 1 })}\n`,
        );
        return;
      }
      void answer(call).then((response) => connection.end(`${JSON.stringify(response)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Created private: no moment when another user could connect.
    const umask = process.umask(0o177);
    try {
      server.listen(file, () => {
        server.off("error", reject);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(file, 0o600);
  return server;
}

/** The listener for the shell entry, and `serve.tcp`, which tells the entry its port and the exchange's secrets. */
async function shellEntry(
  runDir: string,
  answerCall: (call: ShellCall) => Promise<ShellAnswer>,
  control: ShellHandlers["control"],
): Promise<net.Server> {
  const secrets = { client: newSecret(), server: newSecret() };
  const server = await listenForShell(
    secrets,
    {
      call: (call) =>
        (HOOK_AGENT_IDS as readonly string[]).includes(call.agent)
          ? answerCall(call)
          : Promise.resolve({
              stdout: "",
              stderr: `hookwire: no agent ${JSON.stringify(call.agent)}\n`,
              code: 1,
            }),
      control,
    },
    MAX_INPUT_BYTES,
  );
  ensureRunDir(runDir);
  const port = (server.address() as net.AddressInfo).port;
  writeShellInfo({ port, ...secrets, pid: process.pid }, shellInfoFile(runDir));
  return server;
}

/** Creates the server's folder (0700) and refuses one that is not this user's private folder. */
function ensureRunDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const why = notPrivate(lstatSync(dir), "folder");
  if (why)
    throw new Error(`${dir} cannot hold hookwire's server files: ${why}. Make it yours: chmod 700 ${dir}`);
}

function removeShellInfoOf(pid: number, file: string): void {
  const read = readShellInfo(file);
  if (read.ok && read.info.pid === pid) rmSync(file, { force: true });
}

/** Whether a server answers on `file`. */
function answers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(file);
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
}
