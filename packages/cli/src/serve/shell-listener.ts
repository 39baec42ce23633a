// The listener the shell entry (bin/hookwire-hook) calls: 127.0.0.1, a free port. The server speaks first, with the
// secret only this user could read in `serve.tcp`; the client then sends its own secret and one request framed by its
// length; the answer is `<code> <stderr bytes> <stdout bytes>\n<stderr><stdout>`, which bash reads without a fork.
import { timingSafeEqual } from "node:crypto";
import net from "node:net";

export interface ShellAnswer {
  stdout: string;
  stderr: string;
  code: number;
}

export interface ShellCall {
  agent: string;
  event: string;
  failOpen: boolean;
  /** The agent's JSON; rejects when it is larger than the bound (the call's own failure answer then says so). */
  input: Promise<string>;
}

export interface ShellHandlers {
  call(call: ShellCall): Promise<ShellAnswer>;
  /** `stop` and `status` (from `hookwire serve --stop`, `hookwire status`): a line of JSON back. */
  control(request: "stop" | "status"): Promise<string>;
}

/** A request line past this is not one of ours. */
const MAX_HEADER_BYTES = 512;
/** A client that sends nothing for this long is dropped (the agent's whole call is bounded at 60 s). */
const IDLE_MS = 60_000;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const encodeAnswer = (answer: ShellAnswer): string =>
  `${answer.code} ${Buffer.byteLength(answer.stderr)} ${Buffer.byteLength(answer.stdout)}\n${answer.stderr}${answer.stdout}`;

/** One connection: greeting, request line, then for a call the length line and the input. */
function serveConnection(
  connection: net.Socket,
  secrets: { client: string; server: string },
  handlers: ShellHandlers,
  maxInput: number,
): void {
  connection.setTimeout(IDLE_MS, () => connection.destroy());
  connection.on("error", () => undefined);
  connection.write(`hookwire ${secrets.server}\n`);
  let buffered: Buffer = Buffer.alloc(0);
  let call: { agent: string; event: string; failOpen: boolean } | undefined;
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
  const respond = (text: string) => connection.end(text);
  const refuse = () => connection.destroy();
  const line = (): string | undefined => {
    const end = buffered.indexOf(10);
    if (end === -1) {
      if (buffered.length > MAX_HEADER_BYTES) refuse();
      return undefined;
    }
    const text = buffered.subarray(0, end).toString("utf8");
    buffered = buffered.subarray(end + 1);
    return text;
  };
  const take = (chunk: Buffer) => {
    if (!body) return;
    body.parts.push(chunk);
    body.got += chunk.length;
    if (body.got < body.length) return;
    connection.off("data", onData);
    body.settle(Buffer.concat(body.parts).subarray(0, body.length).toString("utf8"));
    body = undefined;
  };
  const onData = (chunk: Buffer) => {
    if (body) return take(chunk);
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    if (call === undefined) {
      const header = line();
      if (header === undefined) return;
      const [kind, secret = "", agent = "", event = "", flag = ""] = header.split(" ");
      if (!same(secret, secrets.client)) return refuse();
      if (kind === "stop" || kind === "status") {
        connection.off("data", onData);
        void handlers.control(kind).then((reply) => respond(`${reply}\n`));
        return;
      }
      if (kind !== "call" || (flag !== "plain" && flag !== "--fail-open")) return refuse();
      call = { agent, event, failOpen: flag === "--fail-open" };
    }
    const text = line();
    if (text === undefined) return;
    if (!/^\d{1,10}$/.test(text)) return refuse();
    const length = Number(text);
    if (length > maxInput) {
      connection.off("data", onData);
      connection.resume();
      const input = Promise.reject(new Error(`the agent's input is over ${maxInput} bytes`));
      void handlers.call({ ...call, input }).then((answer) => respond(encodeAnswer(answer)));
      return;
    }
    const input = new Promise<string>((settle, fail) => {
      body = { length, parts: [], got: 0, settle, fail };
    });
    void handlers.call({ ...call, input }).then((answer) => respond(encodeAnswer(answer)));
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
  const server = net.createServer((connection) => serveConnection(connection, secrets, handlers, maxInput));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
