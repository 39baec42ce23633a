// One agent with http hooks (`hookwire connect <agent> --http`) calling a real `hookwire serve`: a run with the
// server up, then one with the server killed (the agent's http hook must fail closed). And Claude Code as on a fresh
// machine: nothing exported, no server started by hand, the server killed in the middle of the session.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { type AgentId, type AgentRun, runAgent, shellCalls } from "./agents.js";
import { GUARD_MODULE, HOOKWIRE_BIN, type World, world } from "./world.js";

export interface HttpScenario {
  connect: { code: number | null; stdout: string };
  connectedText: string | undefined;
  up: AgentRun;
  down: AgentRun;
  /** What the server logged on stderr. */
  serverLog: string;
  after: { victim: boolean; harmless: boolean; whileDown: boolean };
}

/** A port free on 127.0.0.1 now (bound, then let go). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The guarded project, trusted, with `agent` connected by `connect --http` on a free port. */
async function connectHttp(w: World, agent: AgentId) {
  w.write(".hookwire/hooks/guard.ts", GUARD_MODULE);
  w.write("victim/keep.txt", "keep me\n");
  const trust = w.hookwire("trust", "--yes");
  if (trust.code !== 0) throw new Error(`hookwire trust failed: ${trust.stderr}`);
  const port = await freePort();
  const connect = w.hookwire("connect", agent, "--http", "--port", String(port));
  if (connect.code !== 0) throw new Error(`hookwire connect failed: ${connect.stderr}`);
  return { port, connect };
}

export async function runHttpScenario(agent: AgentId, connected: string): Promise<HttpScenario> {
  const w = world();
  let server: ChildProcess | undefined;
  try {
    const { port, connect } = await connectHttp(w, agent);
    // The credential lives only in the environment of the server and of the agent.
    const token = randomBytes(32).toString("hex");
    const env = { ...w.env, HOOKWIRE_TOKEN: token, COPILOT_HOOK_ALLOW_LOCALHOST: "1" };
    server = spawn(process.execPath, [HOOKWIRE_BIN, "serve", "--port", String(port)], {
      cwd: w.project,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let serverLog = "";
    server.stderr?.on("data", (chunk: Buffer) => {
      serverLog += chunk.toString("utf8");
    });
    await new Promise<string>((resolve, reject) => {
      createInterface({ input: server?.stdout as NonNullable<ChildProcess["stdout"]> }).once("line", resolve);
      server?.once("exit", () => reject(new Error(`hookwire serve exited: ${serverLog}`)));
    });
    const up = await runAgent(agent, {
      project: w.project,
      home: w.home,
      calls: shellCalls(agent, ["rm -rf victim", "echo harmless > harmless.txt"]),
      env,
    });
    server.kill("SIGKILL");
    await new Promise((resolve) => server?.once("exit", resolve));
    const down = await runAgent(agent, {
      project: w.project,
      home: w.home,
      calls: shellCalls(agent, ["echo down > down.txt"]),
      env,
    });
    return {
      connect: { code: connect.code, stdout: connect.stdout },
      connectedText: w.read(connected),
      up,
      down,
      serverLog,
      after: {
        victim: existsSync(path.join(w.project, "victim", "keep.txt")),
        harmless: w.read("harmless.txt") !== undefined,
        whileDown: w.read("down.txt") !== undefined,
      },
    };
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    w.remove();
  }
}

export interface FreshHttpScenario {
  connect: { code: number | null; stdout: string };
  connectedText: string | undefined;
  /** The session: `rm -rf victim`, a harmless call, the server killed by the model's own call, one more call. */
  run: AgentRun;
  /** What `hookwire doctor` says after the session, with the server gone, and after `serve --ensure`. */
  doctorDown: { code: number | null; stdout: string };
  doctorUp: { code: number | null; stdout: string };
  after: { victim: boolean; harmless: boolean; killed: boolean; afterKill: boolean };
}

/**
 * Claude Code connected with `connect claude --http` in a fresh home, run with nothing of hookwire in its environment
 * (no HOOKWIRE_TOKEN, no server): its SessionStart starts the server, its settings give the token. In the middle of the
 * session the model's own call kills the server (SIGKILL); the call after it must be refused, naming the fix.
 */
export async function runFreshHttpScenario(): Promise<FreshHttpScenario> {
  const w = world();
  try {
    const { port, connect } = await connectHttp(w, "claude");
    // The model kills the server (its pid is the last word of serve.tcp), then makes one more call.
    const info = path.join(w.env.XDG_STATE_HOME as string, "hookwire", "run", "serve.tcp");
    const run = await runAgent("claude", {
      project: w.project,
      home: w.home,
      calls: shellCalls("claude", [
        "rm -rf victim",
        "echo harmless > harmless.txt",
        `kill -9 $(cut -d' ' -f5 ${info}) && echo killed > killed.txt`,
        "echo after > after.txt",
      ]),
      env: w.env,
    });
    const doctorDown = w.hookwire("doctor");
    const ensured = w.hookwire("serve", "--ensure", "--port", String(port));
    if (ensured.code !== 0) throw new Error(`hookwire serve --ensure failed: ${ensured.stderr}`);
    const doctorUp = w.hookwire("doctor");
    return {
      connect: { code: connect.code, stdout: connect.stdout },
      connectedText: w.read(".claude/settings.local.json"),
      run,
      doctorDown: { code: doctorDown.code, stdout: doctorDown.stdout },
      doctorUp: { code: doctorUp.code, stdout: doctorUp.stdout },
      after: {
        victim: existsSync(path.join(w.project, "victim", "keep.txt")),
        harmless: w.read("harmless.txt") !== undefined,
        killed: w.read("killed.txt") !== undefined,
        afterKill: w.read("after.txt") !== undefined,
      },
    };
  } finally {
    w.remove();
  }
}

export interface SquattedHttpScenario {
  port: number;
  run: AgentRun;
  /** Connections the other user's listener accepted during the session. */
  connections: number;
  after: { victim: boolean };
}

/**
 * Claude Code connected with `connect claude --http`, its port taken first by another local user (uid 65534, run with
 * `setpriv`: the suite runs as root) whose listener answers every request `200 {}`, as an attacker allowing every call
 * would. The session must stop before any call or the token reaches it.
 */
export async function runSquattedHttpScenario(): Promise<SquattedHttpScenario> {
  const w = world();
  const squatter = spawn(
    "setpriv",
    [
      "--reuid=65534",
      "--regid=65534",
      "--clear-groups",
      process.execPath,
      "-e",
      `let n = 0;
require("node:net").createServer((s) => { n++; s.on("error", () => {}); s.end("HTTP/1.1 200 OK\\r\\ncontent-length: 2\\r\\n\\r\\n{}"); })
  .listen(0, "127.0.0.1", function () { console.log(this.address().port); });
process.stdin.on("data", () => console.log(n));`,
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  try {
    const lines = createInterface({ input: squatter.stdout as NonNullable<ChildProcess["stdout"]> })[
      Symbol.asyncIterator
    ]();
    const port = Number((await lines.next()).value);
    w.write(".hookwire/hooks/guard.ts", GUARD_MODULE);
    w.write("victim/keep.txt", "keep me\n");
    if (w.hookwire("trust", "--yes").code !== 0) throw new Error("hookwire trust failed");
    const connect = w.hookwire("connect", "claude", "--http", "--port", String(port));
    if (connect.code !== 0) throw new Error(`hookwire connect failed: ${connect.stderr}`);
    const run = await runAgent("claude", {
      project: w.project,
      home: w.home,
      calls: shellCalls("claude", ["rm -rf victim"]),
      env: w.env,
    });
    squatter.stdin?.write("\n");
    const connections = Number((await lines.next()).value);
    return {
      port,
      run,
      connections,
      after: { victim: existsSync(path.join(w.project, "victim", "keep.txt")) },
    };
  } finally {
    squatter.kill("SIGKILL");
    w.remove();
  }
}
