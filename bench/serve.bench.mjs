// `hookwire serve`, the resident server, against a bare Node http server that reads the body and answers `{}`:
// an http PreToolUse with a TS module guard (keep-alive, sequential; and 64 concurrent clients), `hookwire hook`
// forwarded to the server against `node -e 0`, and the server's RSS after 1,000 and after 100,000 events.
// Standalone: `pnpm build && node bench/serve.bench.mjs`.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { GUARD, homeEnv, preToolUseInput } from "./home.mjs";
import { compareProcesses, formatTable, median, rssMb, startProcess } from "./measure.mjs";

const CLI_BIN = fileURLToPath(new URL("../packages/cli/bin/hookwire.js", import.meta.url));
const ROUNDS = Number(process.env.BENCH_SERVE_ROUNDS ?? 15);
const MEMORY_EVENTS = Number(process.env.BENCH_SERVE_EVENTS ?? 100_000);

/** The bare baseline: reads the whole body, answers `{}` (what any http hook endpoint must at least do). */
const BARE = `const http = require("node:http");
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    Buffer.concat(chunks).toString("utf8");
    res.writeHead(200, { "content-type": "application/json", "content-length": 2 });
    res.end("{}");
  });
});
server.keepAliveTimeout = 65000;
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ url: "http://127.0.0.1:" + server.address().port, headers: {} })));
`;

function poster(server, agent) {
  const target = new URL(server.url);
  return (body) =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: "/claude/PreToolUse",
          method: "POST",
          agent,
          headers: {
            ...server.headers,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    });
}

/** Milliseconds for `total` requests made by `clients` keep-alive clients, each sequential. */
async function load(server, body, clients, total) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const send = poster(server, agent);
  let left = total;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) await send(body);
    }),
  );
  const ms = performance.now() - started;
  agent.destroy();
  return ms;
}

/** Per-round ratios, sides alternating which goes first; a row as `formatTable` prints it. */
async function side(name, baseline, bare, served, body, { clients, total, target, throughput }) {
  await load(bare, body, clients, total);
  await load(served, body, clients, total);
  const base = [];
  const subj = [];
  for (let round = 0; round < ROUNDS; round++) {
    const pair = [
      async () => base.push(await load(bare, body, clients, total)),
      async () => subj.push(await load(served, body, clients, total)),
    ];
    if (round % 2) pair.reverse();
    for (const run of pair) await run();
  }
  const ratios = base.map((b, i) => (throughput ? b / subj[i] : subj[i] / b));
  return {
    name,
    baseline,
    baselineNs: (median(base) * 1e6) / total,
    subjectNs: (median(subj) * 1e6) / total,
    ratio: median(ratios),
    target,
  };
}

export async function run() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "hookwire-bench-serve-"));
  const children = [];
  try {
    const cwd = path.join(dir, "project");
    await mkdir(path.join(cwd, ".hookwire", "hooks"), { recursive: true });
    await mkdir(path.join(cwd, ".git"), { recursive: true });
    await writeFile(path.join(cwd, ".hookwire", "hooks", "guard.ts"), GUARD);
    await writeFile(path.join(dir, "bare.cjs"), BARE);
    const env = await homeEnv(dir);
    execFileSync(process.execPath, [CLI_BIN, "trust", "--yes"], { cwd, env, stdio: "ignore" });
    const bare = await startProcess([path.join(dir, "bare.cjs")], { cwd, env });
    children.push(bare.child);
    const served = await startProcess([CLI_BIN, "serve", "--idle-timeout", "0"], { cwd, env });
    children.push(served.child);
    const body = preToolUseInput(cwd);
    const rows = [];
    rows.push(
      await side(
        "http PreToolUse through hookwire serve, a TS module guard, keep-alive, sequential",
        "bare node http, reads the body, answers {}",
        bare,
        served,
        body,
        { clients: 1, total: 500, target: 2 },
      ),
    );
    const concurrent = await side(
      "http PreToolUse through hookwire serve, 64 concurrent keep-alive clients: throughput vs bare",
      "bare node http, reads the body, answers {}",
      bare,
      served,
      body,
      { clients: 64, total: 3000, target: null, throughput: true },
    );
    // A throughput ratio: at least half the bare server's (a ratio, not a cost; the table's target is a ceiling).
    rows.push({
      ...concurrent,
      name: `${concurrent.name} (target ≥ 0.50×: ${concurrent.ratio >= 0.5 ? "pass" : "MISS"})`,
    });

    const subject = [process.execPath, [CLI_BIN, "hook", "claude", "PreToolUse"], { cwd, env, input: body }];
    rows.push(
      await compareProcesses({
        name: "hookwire hook claude PreToolUse forwarded to a running hookwire serve (a TS module)",
        baseline: "node -e 0",
        baselineCmd: [process.execPath, ["-e", "0"], { cwd, env, input: body }],
        subjectCmd: subject,
        target: 1.2,
        rounds: ROUNDS * 2,
      }),
    );

    // Memory: after the rows above (about 1,000 events on the server), then after 100,000.
    const target = served;
    await load(target, body, 8, 1000);
    const after1k = rssMb(target.child.pid);
    await load(target, body, 8, MEMORY_EVENTS - 1000);
    const after100k = rssMb(target.child.pid);
    rows.push({
      name: `hookwire serve RSS after ${MEMORY_EVENTS.toLocaleString("en")} events vs after 1,000 (MB; target: within 20 MB)`,
      baseline: `${after1k.toFixed(1)} MB after 1,000`,
      baselineNs: undefined,
      subjectNs: undefined,
      ratio: after100k / after1k,
      target: null,
      note: `${after100k.toFixed(1)} MB (+${(after100k - after1k).toFixed(1)} MB): ${after100k - after1k <= 20 ? "pass" : "MISS"}`,
    });
    return rows;
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await run();
  console.log(formatTable(rows));
  for (const row of rows) if (row.note) console.log(`${row.name}: ${row.note}`);
}
