// Starts the built `hookwire serve` in a sandbox's home and talks to it as an agent's http hook would.
import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import { bin, type Sandbox } from "./cli-harness.js";

export interface Served {
  url: string;
  headers: Record<string, string>;
  socket: string;
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** A sandbox's folders: the binary's (cli-harness.ts) or the in-process one's (cli-in-process.ts). */
type Folders = Pick<Sandbox, "cwd" | "home">;

/** What every run in `box` sees: its home, and hookwire's folders under it. */
export const boxEnv = (box: Folders): Record<string, string> => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: box.home,
  XDG_CONFIG_HOME: path.join(box.home, ".config"),
  XDG_CACHE_HOME: path.join(box.home, ".cache"),
  XDG_STATE_HOME: path.join(box.home, ".local", "state"),
  NO_COLOR: "1",
  npm_config_user_agent: "pnpm/test",
  // Calls do not start this user's server unless a test means them to (HOOKWIRE_SERVER: "").
  HOOKWIRE_SERVER: "off",
});

export async function serve(
  box: Folders,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<Served> {
  const child = spawn(process.execPath, [bin, "serve", ...args], {
    cwd: box.cwd,
    env: { ...boxEnv(box), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
    lines.once("line", resolve);
    exited.then(() => reject(new Error(`hookwire serve exited: ${stderr}`)));
  });
  const info = JSON.parse(first) as { url: string; headers: Record<string, string>; socket: string };
  return {
    ...info,
    child,
    stderr: () => stderr,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

export interface Posted {
  status: number;
  body: string;
  json: unknown;
}

/** A POST with exactly these headers (node:http: `Host` can be set, as a rebinding page's browser would). */
export function post(url: string, body: string, headers: Record<string, string>): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", headers: { "content-type": "application/json", ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body: text, json });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export interface PlantedListener {
  port: number;
  /** How many connections it has accepted so far. */
  connections(): Promise<number>;
  stop(): void;
}

/**
 * A listener on a free port of `host` held by another local user (uid 65534, `setpriv`: the tests run as root), which
 * answers any request with `200 {}` (what an http hook's "go on" reads like) and counts the connections it got.
 */
export async function plantedListener(host = "127.0.0.1"): Promise<PlantedListener> {
  const script = `let n = 0;
require("node:net").createServer((s) => { n++; s.on("error", () => {}); s.end("HTTP/1.1 200 OK\\r\\ncontent-length: 2\\r\\n\\r\\n{}"); })
  .listen(0, ${JSON.stringify(host)}, function () { console.log(this.address().port); });
process.stdin.on("data", () => console.log(n));`;
  const child = spawn(
    "setpriv",
    ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, "-e", script],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout as NonNullable<ChildProcess["stdout"]> })[
    Symbol.asyncIterator
  ]();
  const port = Number((await lines.next()).value);
  return {
    port,
    async connections() {
      child.stdin?.write("\n");
      return Number((await lines.next()).value);
    },
    stop: () => child.kill("SIGKILL"),
  };
}
