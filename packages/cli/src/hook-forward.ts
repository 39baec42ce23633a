// What an agent starts at each event (bin/hookwire.js → dist/hook-forward.cjs): the call forwarded to a running
// `hookwire serve` over its private socket, else — no server, or it dies mid-call — run in this process
// (hook-main). It imports nothing but Node's own modules until it must, and is built as CommonJS
// (scripts/write-forward.mjs), so with a server a call costs about a bare `node` start.
import net from "node:net";
import { overBound, readAgentInput } from "./adapter/agent-input.js";
import { writeAnswer } from "./adapter/answer-out.js";
import { runHookPath } from "./hook-path-run.js";
import { takeHttpPort } from "./http-port-flag.js";
import { forwardedVariables } from "./serve/forwarded-variables.js";
import { trustedSocket } from "./serve/socket-path.js";

/** The server answers within 55 s (ANSWER_WITHIN_MS); past this the call is refused here, before the agent's 60 s. */
const WAIT_MS = 57_000;

interface Answer {
  stdout: string;
  stderr: string;
  code: number;
}

/** The call answered here: from the hook-path bundle with its code cache, else (no bundle) the ES modules. */
function inProcess(input?: string): void {
  if (!runHookPath(__dirname, input)) void import("./hook-main.js").then(({ hookMain }) => hookMain(input));
}

/** The answer out (straight to the descriptors), then the exit with its code. */
function answered(answer: Answer): void {
  writeAnswer(answer, () => process.exit(answer.code));
}

/**
 * Connects first, then reads stdin while the connection opens (the rest as it comes when the pipe would block); the
 * answer is the server's one JSON line.
 */
function forward(
  file: string,
  agent: string,
  event: string,
  flags: { failOpen: boolean; failClosedHooks: boolean },
): void {
  const socket = net.connect(file);
  let input: string | Promise<string>;
  try {
    input = readAgentInput();
  } catch {
    // No stdin to read: the in-process path says so in the agent's format.
    socket.destroy();
    inProcess();
    return;
  }
  if (typeof input === "string") {
    send(socket, input, agent, event, flags);
    return;
  }
  // While the rest comes, a connection that fails is no crash: send() finds it destroyed.
  socket.on("error", () => undefined);
  input.then(
    (read) => send(socket, read, agent, event, flags),
    () => {
      socket.destroy();
      inProcess();
    },
  );
}

/** Sends the call on `socket` (connected or still connecting); a fallback runs it here with the same input. */
function send(
  socket: net.Socket,
  input: string,
  agent: string,
  event: string,
  flags: { failOpen: boolean; failClosedHooks: boolean },
): void {
  // Over the bound, the in-process path refuses it (answerInTime, as any input that large); a connection that
  // failed while stdin was still coming is one that will not answer.
  if (overBound(input) || socket.destroyed) {
    socket.destroy();
    inProcess(input);
    return;
  }
  const chunks: Buffer[] = [];
  let done = false;
  const timer = setTimeout(() => {
    process.stderr.write("hookwire: hookwire serve did not answer in time; the call is refused.\n");
    process.exit(2);
  }, WAIT_MS);
  // Refused, reset or closed before a whole answer (a server killed mid-call): the call runs here instead.
  const fallBack = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    socket.destroy();
    inProcess(input);
  };
  const call = () =>
    socket.write(`${JSON.stringify({ agent, event, ...flags, env: forwardedVariables(), input })}\n`);
  // Read after a wait for the rest of stdin, the connection may be open already.
  if (socket.readyState === "open") call();
  else socket.on("connect", call);
  socket.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    // The answer is one line: it is whole when the newline came.
    if (chunk[chunk.length - 1] !== 10) return;
    let answer: Answer | undefined;
    try {
      answer = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Answer;
    } catch {}
    if (typeof answer?.stdout !== "string" || typeof answer.code !== "number") return fallBack();
    done = true;
    clearTimeout(timer);
    // The socket is left to the exit that follows: destroying one looks at `process.stderr`, which a fresh
    // process creates for a pipe in about a millisecond.
    answered(answer);
  });
  socket.on("error", fallBack);
  socket.on("close", fallBack);
}

const [agent = "", event = "", ...given] = process.argv.slice(3);
const { port: httpPort, rest: flags } = takeHttpPort(given);
// As connect writes them (hook-main's `isPlainFlags`, not imported: this file loads nothing of hookwire's).
const plain =
  httpPort !== null &&
  ["", "--fail-open", "--fail-closed-hooks", "--fail-open --fail-closed-hooks"].includes(flags.join(" "));

function route(): void {
  const forwardable = plain && /^[a-z]+$/.test(agent) && /^[A-Za-z]+$/.test(event);
  const socket = forwardable ? trustedSocket() : undefined;
  if (socket?.ok) {
    const failOpen = flags.includes("--fail-open");
    forward(socket.file, agent, event, { failOpen, failClosedHooks: flags.includes("--fail-closed-hooks") });
  } else inProcess();
}

// The session's http hooks need this user's server on that port: made sure of first (at session start and at each
// prompt), then the call itself goes the usual way, to the server that now runs. Without it, whatever holds the port
// would get the session's calls: the session is stopped instead, saying why (serve/ensure-http.ts).
if (typeof httpPort === "number")
  void import("./serve/ensure-http.js").then(async ({ ensureHttpServer, refuseSession }) => {
    let problem: string | undefined;
    try {
      problem = await ensureHttpServer(httpPort, agent);
    } catch (error) {
      problem = `hookwire: ${(error as Error)?.message ?? error}`;
    }
    if (problem === undefined) return route();
    answered({ stdout: refuseSession(problem), stderr: `${problem}\n`, code: 0 });
  });
else route();
