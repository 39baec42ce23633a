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
