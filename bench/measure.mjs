// Side-by-side timing shared by the benchmarks here: interleaved rounds, medians of per-round ratios, one row shape.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

/**
 * In-process batches are timed in CPU time of this process (`BENCH_CLOCK=cpu`, the default) or wall time
 * (`BENCH_CLOCK=wall`). On a machine shared with other work, wall time also counts the time this process
 * waited for a core; CPU time counts only what it ran (all its threads, GC included), on both sides.
 */
export const CLOCK = process.env.BENCH_CLOCK === "wall" ? "wall" : "cpu";

/** Nanoseconds per op of `ops` sequential awaited calls. */
export async function timeBatch(fn, ops) {
  if (CLOCK === "cpu") {
    const start = process.cpuUsage();
    for (let i = 0; i < ops; i++) await fn(i);
    const used = process.cpuUsage(start);
    return ((used.user + used.system) * 1000) / ops;
  }
  const start = process.hrtime.bigint();
  for (let i = 0; i < ops; i++) await fn(i);
  return Number(process.hrtime.bigint() - start) / ops;
}

export function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

let loops = 0;

/**
 * A timing loop of its own for one side of one row. Its `fn(i)` call site then sees one function, as a host's
 * call site sees the one tool or runner it calls. With one loop for every row, the site carried the callees of
 * the rows before: a process's first row ran with both of its functions inlined, later rows megamorphic, and the
 * wrapped tool with 0 handlers read 1.18× as a first row and 1.02× as a third. V8 caches `new Function` by its
 * text (feedback included), so each copy's text differs by a comment.
 */
function ownTimeBatch() {
  return new Function("CLOCK", `// timing loop ${++loops}\nreturn ${timeBatch.toString()};`)(CLOCK);
}

/** Ops per batch such that the slower of the two lasts about `batchMs`. */
async function calibrate(a, b, batchMs, start) {
  let ops = start;
  for (;;) {
    const began = performance.now();
    await a(ops);
    await b(ops);
    if (performance.now() - began >= batchMs) return ops;
    ops *= 2;
  }
}

/**
 * Baseline and subject alternate which goes first in every round, so drift and noise hit both;
 * the ratio is the median of the per-round ratios (robust to a round that a neighbour disturbed).
 * Each side is timed by a loop of its own (`ownTimeBatch`).
 */
export async function compare({
  name,
  baseline,
  baselineFn,
  subjectFn,
  target,
  rounds = 31,
  batchMs = 10,
  warmup = 20_000,
  minOps = 100,
}) {
  const baseLoop = ownTimeBatch();
  const subjLoop = ownTimeBatch();
  const timeBase = (ops) => baseLoop(baselineFn, ops);
  const timeSubj = (ops) => subjLoop(subjectFn, ops);
  await timeBase(warmup);
  await timeSubj(warmup);
  const ops = await calibrate(timeBase, timeSubj, batchMs, minOps);
  const base = [];
  const subj = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      base.push(await timeBase(ops));
      subj.push(await timeSubj(ops));
    } else {
      subj.push(await timeSubj(ops));
      base.push(await timeBase(ops));
    }
  }
  const ratio = median(subj.map((ns, i) => ns / base[i]));
  return row({ name, baseline, ratio, target, baselineNs: median(base), subjectNs: median(subj) });
}

export function row({ name, baseline, ratio, target, baselineNs, subjectNs }) {
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

function formatTime(ns) {
  if (ns === undefined) return "";
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${Math.round(ns)} ns`;
}

/** One table; rows may carry `baselineNs`/`subjectNs` or `baselineMs`/`subjectMs`. */
export function formatTable(rows) {
  const header = ["benchmark", "baseline", "baseline/op", "hookwire/op", "ratio", "target", "result"];
  const lines = rows.map((r) => [
    r.name,
    r.baseline,
    formatTime(r.baselineNs ?? (r.baselineMs === undefined ? undefined : r.baselineMs * 1e6)),
    formatTime(r.subjectNs ?? (r.subjectMs === undefined ? undefined : r.subjectMs * 1e6)),
    `${r.ratio.toFixed(2)}×`,
    r.target === null || r.target === undefined ? "—" : `≤ ${r.target.toFixed(2)}×`,
    r.target === null || r.target === undefined ? "" : r.ratio <= r.target ? "pass" : "MISS",
  ]);
  const cell = (text) => String(text).replaceAll("|", "\\|");
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...lines.map((l) => `| ${l.map(cell).join(" | ")} |`),
  ].join("\n");
}

/**
 * Milliseconds from spawn to exit of one whole process (stdout discarded; a non-zero exit throws).
 * `options.input`: written to its stdin (then closed), as an agent hands a hook its JSON.
 */
export function timeProcess(command, args, options = {}) {
  const { input, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const stdin = input === undefined ? "ignore" : "pipe";
    const child = spawn(command, args, { stdio: [stdin, "ignore", "pipe"], ...spawnOptions });
    if (input !== undefined) child.stdin.end(input);
    const stderr = [];
    child.stderr.on("data", (chunk) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const elapsed = performance.now() - started;
      if (code === 0) resolve(elapsed);
      else reject(new Error(`${command} ${args.join(" ")} exited ${code}: ${Buffer.concat(stderr)}`));
    });
  });
}

/**
 * Whole processes side by side: each round runs the baseline and the subject once, the order flipping
 * every round; the ratio is the median of per-round ratios. `prepare(round)` runs untimed at the start of each
 * round (e.g. to empty a cache for cold starts, or to wait for and stop what the last subject left starting), and
 * such a round runs the baseline, then the subject: the baseline never runs beside what the subject left running.
 */
export async function compareProcesses({
  name,
  baseline,
  baselineCmd,
  subjectCmd,
  target,
  rounds = 15,
  warmup = 2,
  prepare,
}) {
  for (let i = 0; i < warmup; i++) {
    await timeProcess(...baselineCmd);
    await prepare?.(-1 - i);
    await timeProcess(...subjectCmd);
  }
  const base = [];
  const subj = [];
  for (let round = 0; round < rounds; round++) {
    const runBase = async () => base.push(await timeProcess(...baselineCmd));
    const runSubj = async () => subj.push(await timeProcess(...subjectCmd));
    if (prepare) {
      await prepare(round);
      await runBase();
      await runSubj();
    } else if (round % 2 === 0) {
      await runBase();
      await runSubj();
    } else {
      await runSubj();
      await runBase();
    }
  }
  const ratio = median(subj.map((ms, i) => ms / base[i]));
  return row({
    name,
    baseline,
    ratio,
    target,
    baselineNs: median(base) * 1e6,
    subjectNs: median(subj) * 1e6,
  });
}

/** A server process whose first stdout line is JSON (`{"url", …}`), with its `child` (whose pid gives its RSS). */
export async function startProcess(args, options) {
  const child = spawn(process.execPath, args, { ...options, stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", () => reject(new Error(`${args.join(" ")} exited`)));
  });
  return { ...JSON.parse(line), child };
}

/** A process's resident memory now, in MB (Linux: `/proc/<pid>/status`). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
