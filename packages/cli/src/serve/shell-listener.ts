// The listener the shell entry (bin/hookwire-hook) calls: 127.0.0.1, a free port. The client speaks first, with the
// secret only this user could read in `serve.tcp`:
//   call <client secret> <agent> <event> <plain|--fail-open> <n>\n
// and only then does the server greet it with its own secret (`hookwire <server secret>\n`), so no one learns the
// greeting by connecting; the client, satisfied, sends n variables and the input, each as `<bytes>\n<bytes of it>`.
// The answer is `<code> <stderr bytes> <stdout bytes>\n<stderr><stdout>`, which bash reads without a fork.
import { timingSafeEqual } from "node:crypto";
import net from "node:net";
import { FORWARDED_VARIABLES } from "./forwarded-variables.js";

export interface ShellAnswer {
  stdout: string;
  stderr: string;
  code: number;
}

export interface ShellCall {
  agent: string;
  event: string;
  failOpen: boolean;
  /** The agent's variables the entry passes on (`FORWARDED_VARIABLES`), as the agent set them for the hook. */
  env: Record<string, string>;
  /** The agent's JSON; rejects when it is larger than the bound (the call's own failure answer then says so). */
  input: Promise<string>;
}

export interface ShellHandlers {
  call(call: ShellCall): Promise<ShellAnswer>;
  /** `stop` and `status` (from `hookwire serve --stop`, `hookwire status`): a line of JSON back. */
  control(request: "stop" | "status"): Promise<string>;
}

/** A request line or a variable past this is not one of ours. */
const MAX_LINE_BYTES = 512;
const MAX_VARIABLE_BYTES = 8192;
/** A client that sends nothing for this long is dropped (the agent's whole call is bounded at 60 s). */
const IDLE_MS = 60_000;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const encodeAnswer = (answer: ShellAnswer): string =>
  `${answer.code} ${Buffer.byteLength(answer.stderr)} ${Buffer.byteLength(answer.stdout)}\n${answer.stderr}${answer.stdout}`;

/** The variables the entry sent, only those hookwire reads, each `NAME=value`. */
function variables(frames: readonly Buffer[]): Record<string, string> | undefined {
  const env: Record<string, string> = {};
  for (const frame of frames) {
    const text = frame.toString("utf8");
    const equals = text.indexOf("=");
    const name = text.slice(0, equals);
    if (!(FORWARDED_VARIABLES as readonly string[]).includes(name)) return undefined;
    env[name] = text.slice(equals + 1);
  }
  return env;
}

/** One connection: the request line, the greeting, then for a call its variables and its input, each framed by length. */
function serveConnection(
  connection: net.Socket,
  secrets: { client: string; server: string },
  handlers: ShellHandlers,
  maxInput: number,
): void {
  connection.setTimeout(IDLE_MS, () => connection.destroy());
  connection.on("error", () => undefined);
  let buffered: Buffer = Buffer.alloc(0);
  let call: Omit<ShellCall, "env" | "input"> | undefined;
  let wanted = 0;
  const frames: Buffer[] = [];
  // The input, once its length is known: chunks kept as they come (concatenated once, not at every chunk).
  let body:
    | {
        length: number;
        parts: Buffer[];
        got: number;
        settle: (input: string) => void;
        fail: (e: Error) => void;
      }
    | undefined;
  // A client gone before the whole input came: the call ends now, not at its deadline.
  connection.on("close", () => body?.fail(new Error("the caller went away before its input was whole")));
  const refuse = () => connection.destroy();
  // The request line ends with a newline; a frame's length with a space (`<length> <bytes>`): the shell entry sends
  // the frames in one write, and bash's printf writes out at each newline it prints.
  const upTo = (byte: number): string | undefined => {
    const end = buffered.indexOf(byte);
    if (end === -1) {
      if (buffered.length > MAX_LINE_BYTES) refuse();
      return undefined;
    }
    const text = buffered.subarray(0, end).toString("utf8");
    buffered = buffered.subarray(end + 1);
    return text;
  };
  const line = () => upTo(10);
  const take = (chunk: Buffer) => {
    if (!body) return;
    body.parts.push(chunk);
    body.got += chunk.length;
    if (body.got < body.length) return;
    connection.off("data", onData);
    body.settle(Buffer.concat(body.parts).subarray(0, body.length).toString("utf8"));
    body = undefined;
  };
  const answer = (input: Promise<string>, env: Record<string, string>) =>
    void handlers
      .call({ ...(call as NonNullable<typeof call>), env, input })
      .then((reply) => connection.end(encodeAnswer(reply)));
  /** The request line: a call (then its frames), or `stop` / `status`. `false` when the connection is done with. */
  const request = (): boolean => {
    const header = line();
    if (header === undefined) return false;
    const [kind, secret = "", agent = "", event = "", flag = "", count = ""] = header.split(" ");
    if (!same(secret, secrets.client)) {
      refuse();
      return false;
    }
    connection.write(`hookwire ${secrets.server}\n`);
    if (kind === "stop" || kind === "status") {
      connection.off("data", onData);
      void handlers.control(kind).then((reply) => connection.end(`${reply}\n`));
      return false;
    }
    // At most one frame per variable hookwire reads.
    const counted = /^\d{1,2}$/.test(count) && Number(count) <= FORWARDED_VARIABLES.length;
    if (kind !== "call" || (flag !== "plain" && flag !== "--fail-open") || !counted) {
      refuse();
      return false;
    }
    call = { agent, event, failOpen: flag === "--fail-open" };
    wanted = Number(count);
    return true;
  };
  const onData = (chunk: Buffer) => {
    if (body) return take(chunk);
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    if (call === undefined && !request()) return;
    // The variables, each whole in the buffer before it counts.
    while (frames.length < wanted) {
      const end = buffered.indexOf(32);
      if (end === -1) return void (buffered.length > MAX_LINE_BYTES && refuse());
      const size = Number(buffered.subarray(0, end).toString("utf8"));
      if (!Number.isInteger(size) || size > MAX_VARIABLE_BYTES) return refuse();
      if (buffered.length < end + 1 + size) return;
      frames.push(buffered.subarray(end + 1, end + 1 + size));
      buffered = buffered.subarray(end + 1 + size);
    }
    const text = upTo(32);
    if (text === undefined) return;
    const env = variables(frames);
    if (!/^\d{1,10}$/.test(text) || env === undefined) return refuse();
    const length = Number(text);
    if (length > maxInput) {
      connection.off("data", onData);
      connection.resume();
      return answer(Promise.reject(new Error(`the agent's input is over ${maxInput} bytes`)), env);
    }
    answer(
      new Promise<string>((settle, fail) => {
        body = { length, parts: [], got: 0, settle, fail };
      }),
      env,
    );
    const rest = buffered;
    buffered = Buffer.alloc(0);
    take(rest);
  };
  connection.on("data", onData);
}

/** Listens on 127.0.0.1 (a free port) for the shell entry's calls. */
export async function listenForShell(
  secrets: { client: string; server: string },
  handlers: ShellHandlers,
  maxInput: number,
): Promise<net.Server> {
  // No Nagle delay on the greeting and the answer: each is one small write the caller waits for.
  const server = net.createServer({ noDelay: true }, (connection) =>
    serveConnection(connection, secrets, handlers, maxInput),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
