// Tool wrapper and dispatch overhead against a direct call, a plain `for … await` loop and tapable itself.
// Standalone: `pnpm build && node bench/wrapper.bench.mjs`. Baseline and subject are interleaved in every
// round so machine noise hits both; each row reports medians across rounds and their ratio.
import { fileURLToPath } from "node:url";
import { AsyncSeriesBailHook } from "tapable";
import { HookRunner, instantiateHook } from "../packages/core/dist/index.js";
import { HookToolWrapper } from "../packages/tool-wrapper/dist/index.js";
import { compare, formatTable } from "./measure.mjs";

const CWD = process.cwd();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 41);
// Each timed batch should last a few milliseconds so timer resolution does not matter.
const BATCH_MS = Number(process.env.BENCH_BATCH_MS ?? 10);
const OPTIONS = { rounds: ROUNDS, batchMs: BATCH_MS };

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
      ...OPTIONS,
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
        ...OPTIONS,
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
        ...OPTIONS,
      }),
    );
    rows.push(
      await compare({
        name: `dispatch tool_call, N=${n}`,
        baseline: "tapable AsyncSeriesBailHook",
        baselineFn: (i) => tapable.promise(event(i), ctx),
        subjectFn: emit,
        target,
        ...OPTIONS,
      }),
    );
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatTable(await run()));
}
