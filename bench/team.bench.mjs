// A team server (`hookwire serve --policy`) under N simulated agents (100 and 1,000 concurrent sessions, each with its
// own token and keep-alive connection, sending PreToolUse and PostToolUse), against a bare node:http server doing the
// same JSON round trip: throughput, latency per call (p50, p99), and the servers' RSS. docs/scale.md reads the rows.
// Standalone: `pnpm build && node bench/team.bench.mjs`.
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { GUARD, homeEnv } from "./home.mjs";
import { median, rssMb, startProcess } from "./measure.mjs";

const CLI_BIN = fileURLToPath(new URL("../packages/cli/bin/hookwire.js", import.meta.url));
const AGENTS = (process.env.BENCH_TEAM_AGENTS ?? "100,1000").split(",").map(Number);
const ROUNDS = Number(process.env.BENCH_TEAM_ROUNDS ?? 3);
/** Calls in a closed-loop round, shared among the agents (each makes at least one PreToolUse and PostToolUse). */
const CALLS = Number(process.env.BENCH_TEAM_CALLS ?? 4000);
/** The paced run: each agent makes one tool call (a PreToolUse and a PostToolUse) every this many ms. */
const PACE_MS = Number(process.env.BENCH_TEAM_PACE_MS ?? 2000);
const PACED_MS = Number(process.env.BENCH_TEAM_PACED_MS ?? 10_000);

/**
 * The baseline: what any authenticated JSON hook endpoint must do at least — the same keep-alive, the bearer token
 * looked up by its SHA-256 in a table of the same tokens, the body read and parsed, the event's answer sent as JSON.
 */
const BARE = `const http = require("node:http");
const { createHash } = require("node:crypto");
const hashes = new Set(require("node:fs").readFileSync(process.argv[2], "utf8").trim().split("\\n").map((l) => l.split(" sha256:")[1]));
const server = http.createServer((req, res) => {
  const token = /^Bearer (\\S+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
  if (!hashes.has(createHash("sha256").update(token).digest("hex"))) { res.writeHead(401); res.end(); req.resume(); return; }
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const event = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const body = JSON.stringify({ hookSpecificOutput: { hookEventName: event.hook_event_name } });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 65000;
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ url: "http://127.0.0.1:" + server.address().port })));
`;

/** One simulated agent: its own token, session and keep-alive connection. */
function makeAgent(index, token, cwd) {
  const session = `session-${index}`;
  const common = { session_id: session, transcript_path: "", cwd, tool_name: "Bash", tool_use_id: "" };
  const command = { command: `ls -la src/module-${index} && git status --short` };
  return {
    connection: new Agent({ keepAlive: true, maxSockets: 1 }),
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    pre: JSON.stringify({ ...common, hook_event_name: "PreToolUse", tool_input: command }),
    post: JSON.stringify({
      ...common,
      hook_event_name: "PostToolUse",
      tool_input: command,
      tool_response: { stdout: "total 48\ndrwxr-xr-x  4 dev dev 4096 .\n", stderr: "", interrupted: false },
    }),
  };
}

/** One call's wall time in ms (the answer read whole); a status other than 200 throws. */
function call(url, agent, event, body) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/claude/${event}`,
      {
        method: "POST",
        agent: agent.connection,
        headers: { ...agent.headers, "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const pair = async (url, agent, times) => {
  times.push(await call(url, agent, "PreToolUse", agent.pre));
  times.push(await call(url, agent, "PostToolUse", agent.post));
};

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Every agent sends its calls back to back: the most a server answers, and the latency under that load. */
async function closedLoop(server, agents) {
  const times = [];
  const pairs = Math.max(1, Math.round(CALLS / 2 / agents.length));
  const cpu = cpuMs(server.child.pid);
  const started = performance.now();
  await Promise.all(
    agents.map(async (agent) => {
      for (let i = 0; i < pairs; i++) await pair(server.url, agent, times);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuPerCall = ((cpuMs(server.child.pid) - cpu) * 1000) / times.length;
  times.sort((a, b) => a - b);
  return {
    perSecond: times.length / seconds,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    cpuPerCallUs: cpuPerCall,
  };
}

/** The CPU time a process used so far (user + system), in ms: per call, it is what load on the machine does not skew. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime, fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Every agent makes one tool call every PACE_MS (a random phase each): latency at a load the server keeps up with. */
async function paced(url, agents) {
  const times = [];
  const until = performance.now() + PACED_MS;
  await Promise.all(
    agents.map(async (agent) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * PACE_MS));
      while (performance.now() < until) {
        const next = performance.now() + PACE_MS;
        await pair(url, agent, times);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { calls: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/** The sides in alternating order each round; per side the medians over rounds. */
async function sideBySide(sides, measure) {
  const results = sides.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [1, 0] : [0, 1];
    for (const index of order) results[index].push(await measure(sides[index]));
  }
  return results.map((list) =>
    Object.fromEntries(Object.keys(list[0]).map((k) => [k, median(list.map((r) => r[k]))])),
  );
}

const ms = (value) => `${value.toFixed(2)} ms`;

export async function run() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "hookwire-bench-team-"));
  const children = [];
  try {
    const policy = path.join(dir, "policy");
    await mkdir(path.join(policy, ".hookwire", "hooks"), { recursive: true });
    await writeFile(path.join(policy, ".hookwire", "hooks", "guard.ts"), GUARD);
    await writeFile(path.join(dir, "bare.cjs"), BARE);
    const most = Math.max(...AGENTS);
    const tokens = Array.from({ length: most }, () => `hwt_${randomBytes(32).toString("base64url")}`);
    const tokenFile = path.join(dir, "tokens");
    const lines = tokens.map((t, i) => `dev${i} sha256:${createHash("sha256").update(t).digest("hex")}\n`);
    await writeFile(tokenFile, lines.join(""), { mode: 0o600 });
    const env = { ...(await homeEnv(dir)), HOOKWIRE_SERVER: "off" };
    const bare = await startProcess([path.join(dir, "bare.cjs"), tokenFile], { cwd: dir, env });
    children.push(bare.child);
    const team = await startProcess(
      [CLI_BIN, "serve", "--policy", policy, "--tokens", tokenFile, "--listen", "127.0.0.1:0"],
      { cwd: dir, env },
    );
    children.push(team.child);
    const servers = [bare, team];
    const rows = [];
    const rss = { start: servers.map((s) => rssMb(s.child.pid)) };
    for (const count of AGENTS) {
      const agents = tokens.slice(0, count).map((token, i) => makeAgent(i, token, `/home/dev${i}/work/app`));
      // Every connection opened and every session seen once before the clock starts.
      for (const server of servers) await Promise.all(agents.map((agent) => pair(server.url, agent, [])));
      const closed = await sideBySide(servers, (server) => closedLoop(server, agents));
      const open = [];
      for (const server of count % 2 ? [...servers].reverse() : servers)
        open[servers.indexOf(server)] = await paced(server.url, agents);
      rss[count] = servers.map((s) => rssMb(s.child.pid));
      for (const agent of agents) agent.connection.destroy();
      rows.push({
        agents: count,
        closed,
        paced: open,
        rss: rss[count],
      });
    }
    return rows.map((row) => ({
      name: `team server, ${row.agents} agents, closed loop: calls/s ${row.closed[0].perSecond.toFixed(0)} bare, ${row.closed[1].perSecond.toFixed(0)} hookwire; server CPU per call ${row.closed[0].cpuPerCallUs.toFixed(0)} / ${row.closed[1].cpuPerCallUs.toFixed(0)} µs; p99 ${ms(row.closed[0].p99)} bare, ${ms(row.closed[1].p99)} hookwire; paced (${row.paced[1].calls} calls in ${PACED_MS / 1000} s): p50 ${ms(row.paced[0].p50)} / ${ms(row.paced[1].p50)}, p99 ${ms(row.paced[0].p99)} / ${ms(row.paced[1].p99)}; RSS ${row.rss[0].toFixed(1)} / ${row.rss[1].toFixed(1)} MB (start ${rss.start[0].toFixed(1)} / ${rss.start[1].toFixed(1)})`,
      baseline: "bare node http, a token table, the same JSON round trip",
      baselineNs: 1e9 / row.closed[0].perSecond,
      subjectNs: 1e9 / row.closed[1].perSecond,
      ratio: row.closed[0].perSecond / row.closed[1].perSecond,
      target: null,
      detail: row,
    }));
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { formatTable } = await import("./measure.mjs");
  console.error(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const rows = await run();
  console.log(formatTable(rows));
  console.log(
    JSON.stringify(
      rows.map((row) => row.detail),
      null,
      2,
    ),
  );
  console.error(
    `load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
}
