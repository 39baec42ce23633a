// Tool wrapper and dispatch overhead against a direct call, a plain `for … await` loop and tapable itself.
// Standalone: `pnpm build && node bench/wrapper.bench.mjs`. Baseline and subject are interleaved in every
// round so machine noise hits both; each row reports medians across rounds and their ratio.
import { fileURLToPath } from "node:url";
import { AsyncSeriesBailHook } from "tapable";
import { HookRunner, instantiateHook } from "../packages/core/dist/index.js";
import { HookToolWrapper } from "../packages/tool-wrapper/dist/index.js";

const CWD = process.cwd();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 41);
// Each timed batch should last a few milliseconds so timer resolution does not matter.
const BATCH_MS = Number(process.env.BENCH_BATCH_MS ?? 10);

const noop = () => undefined;
const toolResult = { content: [{ type: "text", text: "ok" }] };
const tool = {
  name: "bench",
  description: "returns a constant",
  parameters: {},
  execute: async () => toolResult,
};
const input = { command: "ls" };

async function runnerWith(count, event = "tool_call") {
  const hooks = [];
  for (let i = 0; i < count; i++) {
    hooks.push(await instantiateHook((pi) => void pi.on(event, noop), { path: `bench/h${i}.ts`, cwd: CWD }));
  }
  const runner = new HookRunner(hooks, { cwd: CWD });
  runner.initialize({ sendMessageHandler: noop, appendEntryHandler: noop });
  return runner;
}

/** The hand-written dispatch every event system is measured against. */
async function plainLoop(handlers, event, ctx) {
  for (const handler of handlers) {
    const result = await handler(event, ctx);
    if (result?.block === true) return result;
  }
  return undefined;
}

function tapableWith(handlers) {
  const hook = new AsyncSeriesBailHook(["event", "ctx"]);
  handlers.forEach((handler, i) => {
    // The thinnest adapter from a sync-or-async handler to a promise tap; any result bails.
    hook.tapPromise({ name: `h${i}` }, (event, ctx) => Promise.resolve(handler(event, ctx)));
  });
  return hook;
}

async function timeBatch(fn, ops) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < ops; i++) await fn(i);
  return Number(process.hrtime.bigint() - start) / ops;
}

/** Ops per batch such that the slower of the two lasts about BATCH_MS. */
async function calibrate(a, b) {
  let ops = 100;
  for (;;) {
    const start = performance.now();
    await timeBatch(a, ops);
    await timeBatch(b, ops);
    const elapsed = performance.now() - start;
    if (elapsed >= BATCH_MS) return ops;
    ops *= 2;
  }
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function compare({ name, baseline, baselineFn, subjectFn, target }) {
  // Warm up both so the JIT has optimised them before anything is timed.
  await timeBatch(baselineFn, 20_000);
  await timeBatch(subjectFn, 20_000);
  const ops = await calibrate(baselineFn, subjectFn);
  const base = [];
  const subj = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first so neither always runs on a warmer (or noisier) machine.
    if (round % 2 === 0) {
      base.push(await timeBatch(baselineFn, ops));
      subj.push(await timeBatch(subjectFn, ops));
    } else {
      subj.push(await timeBatch(subjectFn, ops));
      base.push(await timeBatch(baselineFn, ops));
    }
  }
  const baselineNs = median(base);
  const subjectNs = median(subj);
  // The median of per-round ratios: each pair ran back to back, so a load spike spanning a round cancels out.
  const ratio = median(subj.map((ns, i) => ns / base[i]));
  return {
    name,
    baseline,
    ratio: Math.round(ratio * 1000) / 1000,
    target,
    baselineNs: Math.round(baselineNs),
    subjectNs: Math.round(subjectNs),
    pass: target === null ? null : ratio <= target,
  };
}

export async function run() {
  const rows = [];

  const bare = await runnerWith(0);
  const wrapped0 = new HookToolWrapper(tool, bare);
  rows.push(
    await compare({
      name: "wrapped tool, 0 handlers",
      baseline: "direct tool.execute",
      baselineFn: (i) => tool.execute(`c${i}`, input),
      subjectFn: (i) => wrapped0.execute(`c${i}`, input),
      target: 1.1,
    }),
  );

  for (const n of [1, 10]) {
    const runner = await runnerWith(n);
    const handlers = Array.from({ length: n }, () => noop);
    const ctx = runner.createContext();
    const wrapped = new HookToolWrapper(tool, runner);
    rows.push(
      await compare({
        name: `wrapped tool, ${n} no-op tool_call handler${n === 1 ? "" : "s"}`,
        baseline: "plain for…await loop + tool.execute",
        baselineFn: async (i) => {
          const event = { type: "tool_call", toolName: "bench", toolCallId: `c${i}`, input };
          await plainLoop(handlers, event, ctx);
          return tool.execute(`c${i}`, input);
        },
        subjectFn: (i) => wrapped.execute(`c${i}`, input),
        target: null,
      }),
    );
  }

  for (const [n, target] of [
    [10, 1.1],
    [100, 1.25],
  ]) {
    const runner = await runnerWith(n);
    const handlers = Array.from({ length: n }, () => noop);
    const ctx = runner.createContext();
    const tapable = tapableWith(handlers);
    const event = (i) => ({ type: "tool_call", toolName: "bench", toolCallId: `c${i}`, input });
    const emit = (i) => runner.emit(event(i));
    rows.push(
      await compare({
        name: `dispatch tool_call, N=${n}`,
        baseline: "plain for…await loop",
        baselineFn: (i) => plainLoop(handlers, event(i), ctx),
        subjectFn: emit,
        target,
      }),
    );
    rows.push(
      await compare({
        name: `dispatch tool_call, N=${n}`,
        baseline: "tapable AsyncSeriesBailHook",
        baselineFn: (i) => tapable.promise(event(i), ctx),
        subjectFn: emit,
        target,
      }),
    );
  }
  return rows;
}

function printTable(rows) {
  const header = ["benchmark", "baseline", "baseline ns/op", "subject ns/op", "ratio", "target", ""];
  const lines = rows.map((r) => [
    r.name,
    r.baseline,
    String(r.baselineNs),
    String(r.subjectNs),
    `${r.ratio.toFixed(2)}×`,
    r.target === null ? "—" : `≤ ${r.target.toFixed(2)}×`,
    r.pass === null ? "" : r.pass ? "ok" : "MISSED",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  console.log(fmt(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(fmt(line));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printTable(await run());
}
