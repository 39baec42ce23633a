// The entry a connected agent runs at each event (issue 38), run as the agent runs it — `sh -c '<command>'`, the
// event's JSON on stdin — against `node -e 0`, in a trusted project with a TS module guard: warm (this user's server
// running), the first call with no server yet (with and without the hook path's code cache), and with the server
// turned off; beside it the anchors (a bare shell hook, a bare Node hook, the http path of connect --http) and a
// session of many calls end to end, before (the Node entry, no server) and after.
// Standalone: `pnpm build && node bench/entry.bench.mjs`.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { preToolUseInput } from "./home.mjs";
import { compareProcesses, formatTable, row, timeProcess } from "./measure.mjs";

const ROUNDS = Number(process.env.BENCH_ENTRY_ROUNDS ?? 21);
const SESSION_CALLS = Number(process.env.BENCH_SESSION_CALLS ?? 1000);
const CLI_BIN = fileURLToPath(new URL("../packages/cli/bin/hookwire.js", import.meta.url));

const GUARD = `export default function guard(pi) {
  pi.on("tool_call", (event) => {
    if (String(event.input?.command ?? "").includes("rm -rf")) return { block: true, reason: "no rm -rf" };
  });
}
`;
// The least a Node hook does: read the event, answer with JSON.
const NODE_HOOK = `let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  const event = JSON.parse(text);
  process.stdout.write(JSON.stringify({ decision: event.tool_input.command.includes("rm -rf") ? "block" : undefined }));
});
`;

async function setUp(dir) {
  const home = path.join(dir, "home");
  const cwd = path.join(dir, "project");
  await mkdir(path.join(cwd, ".hookwire", "hooks"), { recursive: true });
  await mkdir(path.join(cwd, ".git"), { recursive: true });
  await mkdir(home, { recursive: true });
  await writeFile(path.join(cwd, ".hookwire", "hooks", "guard.mjs"), GUARD);
  await writeFile(path.join(dir, "node-hook.cjs"), NODE_HOOK);
  const env = { PATH: process.env.PATH, HOME: home };
  execFileSync(process.execPath, [CLI_BIN, "trust", "--yes"], { cwd, env, stdio: "ignore" });
  execFileSync(process.execPath, [CLI_BIN, "connect", "claude"], { cwd, env, stdio: "ignore" });
  return {
    home,
    cwd,
    env,
    input: preToolUseInput(cwd),
    command: { PreToolUse: connected(cwd, "PreToolUse"), SessionStart: connected(cwd, "SessionStart") },
  };
}

/** The command `connect claude` wrote for `event`: what Claude Code runs (`sh -c`), the bash connect names included. */
function connected(cwd, event) {
  const { hooks } = JSON.parse(readFileSync(path.join(cwd, ".claude", "settings.local.json"), "utf8"));
  const found = hooks[event]
    .flatMap((group) => group.hooks)
    .find((hook) => hook.command?.includes(`hook claude ${event}`));
  if (!found) throw new Error(`connect claude wrote no ${event} command`);
  return found.command;
}

const stopServer = (world) =>
  spawnSync(process.execPath, [CLI_BIN, "serve", "--stop"], {
    cwd: world.cwd,
    env: world.env,
    stdio: "ignore",
  });

/** The hook path's V8 code cache (src/hook-path-run.ts): gone in a fresh HOME. */
const codeCache = (world) => path.join(world.home, ".cache", "hookwire", "code");

const shellInfo = (world) => path.join(world.home, ".local", "state", "hookwire", "run", "serve.tcp");

/**
 * Stops this HOME's server and waits until its `serve.tcp` and its start lock are gone: the next call finds no server.
 * A server still starting (the last first call starts it after answering) holds the lock before it listens; it is
 * stopped once it does.
 */
async function noServer(world) {
  const lock = path.join(path.dirname(shellInfo(world)), "serve.lock");
  const end = Date.now() + 30_000;
  for (;;) {
    stopServer(world);
    if (!existsSync(shellInfo(world)) && !existsSync(lock)) return;
    if (Date.now() > end) throw new Error("the server did not stop");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The server the last call started (once it had answered) waited for, then stopped: stopped before it took its lock, it
 * would come up later and answer calls meant to find none.
 */
async function lastServerStopped(world) {
  await untilServer(world);
  await noServer(world);
}

/** A row meant to run with no server is void if one was there at its end (it would have answered the calls). */
function noServerRan(world, what) {
  if (existsSync(shellInfo(world)))
    throw new Error(`a hookwire server ran during ${what}: its figures are not valid`);
}

async function untilServer(world, everyMs = 20) {
  const end = Date.now() + 30_000;
  while (!existsSync(shellInfo(world))) {
    if (Date.now() > end) throw new Error("no server started");
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** One POST as Claude Code's http hook makes it (a connection of its own, the token in a header); milliseconds. */
function postOnce(url, token, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * `connect claude --http` (issue 38.4): its SessionStart command with the server already on its port (the shell entry
 * asks the server, no node), and, as an anchor, the http path itself: one PreToolUse POST answered by the server, which
 * starts no process (the agent's own time, measured here in a Node client), against the same rounds' `node -e 0`.
 */
async function httpRows(world, node0, warm) {
  const port = await new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
  const cli = (...args) =>
    execFileSync(process.execPath, [CLI_BIN, ...args], { cwd: world.cwd, env: world.env, stdio: "pipe" });
  cli("connect", "claude", "--http", "--port", String(port));
  cli("serve", "--ensure", "--port", String(port));
  const start = JSON.stringify({
    session_id: "bench",
    hook_event_name: "SessionStart",
    cwd: world.cwd,
    source: "startup",
  });
  const rows = [
    await compareProcesses({
      name: "connect --http's SessionStart command (hookwire-hook … SessionStart --http-port N), the server already on its port",
      baseline: "node -e 0",
      baselineCmd: node0,
      subjectCmd: [
        "sh",
        ["-c", connected(world.cwd, "SessionStart")],
        { cwd: world.cwd, env: world.env, input: start },
      ],
      target: null,
      rounds: ROUNDS,
    }),
  ];
  const token = readFileSync(path.join(world.home, ".config", "hookwire", "http.token"), "utf8").trim();
  const url = `http://127.0.0.1:${port}/claude/PreToolUse`;
  for (let i = 0; i < 5; i++) await postOnce(url, token, world.input);
  const times = [];
  for (let i = 0; i < ROUNDS * 5; i++) times.push(await postOnce(url, token, world.input));
  times.sort((a, b) => a - b);
  const ms = times[Math.floor(times.length / 2)];
  rows.push(
    row({
      name: "anchor: the http path, one PreToolUse POST to the server as Claude Code's http hook sends it (no process starts)",
      baseline: "node -e 0",
      ratio: (ms * 1e6) / warm.baselineNs,
      target: null,
      baselineNs: warm.baselineNs,
      subjectNs: ms * 1e6,
    }),
  );
  stopServer(world);
  return rows;
}

/** `n` calls one after another, as an agent makes them; milliseconds in all. */
async function session(command, world, n) {
  const started = performance.now();
  for (let i = 0; i < n; i++)
    await timeProcess("sh", ["-c", command], { cwd: world.cwd, env: world.env, input: world.input });
  return performance.now() - started;
}

/**
 * The calls that find no server (each round's call answers in its own process; the entry starts the server after it):
 * with a whole call's code cached, in a fresh HOME after connect, and with nothing cached for this Node.
 */
async function firstCallRows(world, node0, subjectCmd) {
  const firstCall = (name, target, prepare) =>
    compareProcesses({
      name,
      baseline: "node -e 0",
      baselineCmd: node0,
      subjectCmd,
      target,
      rounds: Math.min(ROUNDS, 11),
      prepare,
    });
  const freshHome = async () => {
    await lastServerStopped(world);
    await rm(codeCache(world), { recursive: true, force: true });
  };
  return [
    await firstCall(
      "the first call, no server yet, the hook path's code cache present (it answers in-process and starts the server)",
      2,
      () => lastServerStopped(world),
    ),
    // The row: a fresh HOME where the user connected the agent, as any first call has: no server, and only
    // what connect writes to the code cache (the hook path's compiled top level for this Node); the call answers,
    // writes its whole call's code, and the entry starts the server.
    await firstCall(
      "the first call in a fresh HOME after connect: no server, the code cache connect wrote (the hook path's top level)",
      2,
      async () => {
        await freshHome();
        execFileSync(process.execPath, [CLI_BIN, "connect", "claude"], {
          cwd: world.cwd,
          env: world.env,
          stdio: "ignore",
        });
      },
    ),
    await firstCall(
      "anchor: the first call with nothing in the code cache for this Node (a Node other than connect's): it compiles the hook path",
      null,
      freshHome,
    ),
  ];
}

/** How long a session's first tool call comes after its SessionStart, at the least (a model's answer in between). */
const SETTLE_MS = 1000;

/** How long after a SessionStart call with no server ended the server it started was up, in milliseconds, per round. */
const serverUpMs = [];

/**
 * A session's first tool call as it comes: Claude Code runs SessionStart before any tool call, and that call (no server
 * yet) starts the server. Each round stops the server, runs SessionStart as the agent does, and waits for the server.
 */
function sessionFirstToolCall(world, node0, subjectCmd) {
  const sessionStart = JSON.stringify({
    session_id: "bench",
    hook_event_name: "SessionStart",
    cwd: world.cwd,
    source: "startup",
  });
  return compareProcesses({
    name: "a session's first tool call: its SessionStart call (no server) started the server",
    baseline: "node -e 0",
    baselineCmd: node0,
    subjectCmd,
    target: null,
    rounds: Math.min(ROUNDS, 11),
    prepare: async () => {
      await lastServerStopped(world);
      await timeProcess("sh", ["-c", world.command.SessionStart], {
        cwd: world.cwd,
        env: world.env,
        input: sessionStart,
      });
      const ended = performance.now();
      await untilServer(world, 2);
      serverUpMs.push(performance.now() - ended);
      // The first tool call comes after the model's first answer, seconds later: by then the server has finished its
      // start (the code cache it writes, its collection), which would otherwise run beside this round's baseline.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    },
  });
}

export async function run() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "hookwire-bench-entry-"));
  const world = await setUp(dir);
  const node0 = [process.execPath, ["-e", "0"], { cwd: world.cwd, env: world.env, input: world.input }];
  const sh = (command, env = world.env) => [
    "sh",
    ["-c", command],
    { cwd: world.cwd, env, input: world.input },
  ];
  const entry = world.command.PreToolUse;
  try {
    const rows = [];
    // Warm: the first call starts the server; the next ones are forwarded.
    await timeProcess(...sh(entry));
    await untilServer(world);
    rows.push(
      await compareProcesses({
        name: "hookwire-hook claude PreToolUse as the agent runs it (sh -c), warm: the server answers, a TS module guard",
        baseline: "node -e 0",
        baselineCmd: node0,
        subjectCmd: sh(entry),
        target: 0.3,
        rounds: ROUNDS,
      }),
    );
    rows.push(...(await firstCallRows(world, node0, sh(entry))));
    rows.push(await sessionFirstToolCall(world, node0, sh(entry)));
    // No server of this user runs for the rows that measure calls without one (a running server answers them,
    // turned off or not).
    await lastServerStopped(world);
    const off = { ...world.env, HOOKWIRE_SERVER: "off" };
    rows.push(
      await compareProcesses({
        name: "every call with the server turned off (HOOKWIRE_SERVER=off: the Node adapter in-process, code cache present)",
        baseline: "node -e 0",
        baselineCmd: node0,
        subjectCmd: sh(entry, off),
        target: 1.5,
        rounds: ROUNDS,
      }),
    );
    noServerRan(world, "the server-off row");
    rows.push(
      await compareProcesses({
        name: "anchor: a bare shell hook, sh -c 'cat >/dev/null'",
        baseline: "node -e 0",
        baselineCmd: node0,
        subjectCmd: sh("cat >/dev/null"),
        target: null,
        rounds: ROUNDS,
      }),
    );
    rows.push(
      await compareProcesses({
        name: "anchor: a bare Node hook, sh -c 'node hook.cjs' (reads the event, prints JSON)",
        baseline: "node -e 0",
        baselineCmd: node0,
        subjectCmd: sh(`${process.execPath} ${path.join(dir, "node-hook.cjs")}`),
        target: null,
        rounds: ROUNDS,
      }),
    );
    rows.push(...(await httpRows(world, node0, rows[0])));
    // A session end to end: before, the Node entry with no server (what connect wrote until now, unless the user
    // started `hookwire serve` by hand); after, the shell entry from no server at all (its first call included).
    await noServer(world);
    const before = await session(
      `${process.execPath} ${CLI_BIN} hook claude PreToolUse`,
      { ...world, env: off },
      SESSION_CALLS,
    );
    noServerRan(world, "the session through the Node entry with no server");
    stopServer(world);
    const after = await session(entry, world, SESSION_CALLS);
    stopServer(world);
    rows.push(
      row({
        name: `a session of ${SESSION_CALLS} tool calls end to end, total hook time: hookwire-hook from no server vs the Node entry without one`,
        baseline: "Node entry, no server",
        ratio: after / before,
        target: null,
        baselineNs: before * 1e6,
        subjectNs: after * 1e6,
      }),
    );
    return rows;
  } finally {
    stopServer(world);
    await rm(dir, { recursive: true, force: true });
  }
}

/** The server's start after a session's SessionStart: the median and the slowest round, milliseconds. */
export function serverUp() {
  const sorted = [...serverUpMs].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)], maxMs: sorted.at(-1), rounds: sorted.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatTable(await run()));
  const up = serverUp();
  console.log(
    `the server was up ${up.medianMs.toFixed(0)} ms (median; slowest ${up.maxMs.toFixed(0)} ms, ${up.rounds} rounds) after the SessionStart call that started it ended`,
  );
}
