// Talks to this user's running server as its owner: `hookwire serve --stop` and `hookwire status` ask it, over the
// port in `serve.tcp`, after it proved itself with the secret there.
import net from "node:net";
import { readShellInfo, shellInfoFile } from "./runtime-files.js";

/** What a running server says of itself. */
export interface ServerStatus {
  pid: number;
  startedAt: string;
  calls: number;
  projects: number;
  url: string;
  /** `tokenFingerprint` of the server's bearer token. */
  token?: string;
  /** The server's token is the one in the user's token file now (what connect --http gives the agent). */
  tokenIsFile?: boolean;
  socket?: string;
  idleMs: number;
  stopping: boolean;
  /** Started by an older hookwire (an older `serve.tcp` format): it answers `stop`, and no call is sent to it. */
  older?: true;
}

export type Asked = { ok: true; status: ServerStatus } | { ok: false; why: string };

/** Asks the server for `request`; `ok: false` with why when none runs or none proves itself. */
export function askServer(
  request: "status" | "stop",
  file = shellInfoFile(),
  timeoutMs = 5000,
): Promise<Asked> {
  const read = readShellInfo(file);
  if (!read.ok) return Promise.resolve({ ok: false, why: read.why });
  const { info } = read;
  return new Promise((resolve) => {
    let text = "";
    let greeted = false;
    const socket = net.connect(info.port, "127.0.0.1");
    const done = (answer: Asked) => {
      socket.destroy();
      clearTimeout(timer);
      resolve(answer);
    };
    const timer = setTimeout(
      () => done({ ok: false, why: `no answer on 127.0.0.1:${info.port} in time` }),
      timeoutMs,
    );
    socket.setEncoding("utf8");
    // The client speaks first: the server greets only a holder of this user's secret.
    socket.on("connect", () => socket.write(`${request} ${info.client}\n`));
    socket.on("error", (error) => done({ ok: false, why: `127.0.0.1:${info.port}: ${error.message}` }));
    socket.on("data", (chunk: string) => {
      text += chunk;
      for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n")) {
        const line = text.slice(0, end);
        text = text.slice(end + 1);
        if (!greeted) {
          if (line !== `hookwire ${info.server}`)
            return done({
              ok: false,
              why: `what listens on 127.0.0.1:${info.port} is not this user's server`,
            });
          greeted = true;
          continue;
        }
        try {
          const status = JSON.parse(line) as ServerStatus;
          return done({ ok: true, status: info.older ? { ...status, older: true } : status });
        } catch {
          return done({ ok: false, why: "the server's answer is not JSON" });
        }
      }
    });
    socket.on("close", () => done({ ok: false, why: "the server closed the connection" }));
  });
}
