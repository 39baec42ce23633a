// Event dispatch cost: runner.emit against a plain loop, tapable used directly and hookable, at N = 1, 10, 100.
// Standalone: `pnpm build && node bench/dispatch.bench.mjs`.
import { fileURLToPath } from "node:url";
import { createHooks } from "hookable";
import { AsyncSeriesBailHook } from "tapable";
import { HookRunner, instantiateHook } from "../packages/core/dist/index.js";
import { compare, formatTable } from "./measure.mjs";

const CWD = process.cwd();
const noop = () => undefined;
const input = { command: "ls" };
const event = (i) => ({ type: "tool_call", toolName: "bench", toolCallId: `c${i}`, input });

/** What every runner replaces: await each handler, turn a throw into an error naming it, stop on a block. */
async function plainLoop(handlers, payload, ctx) {
  for (let i = 0; i < handlers.length; i++) {
    let result;
    try {
      result = await handlers[i](payload, ctx);
    } catch (cause) {
      throw new Error(`handler ${i} failed`, { cause });
    }
    if (result !== undefined && result !== null && result.block === true) return result;
  }
  return undefined;
}

async function runnerWith(handlers) {
  const hooks = await Promise.all(
    handlers.map((handler, i) =>
      instantiateHook((pi) => void pi.on("tool_call", handler), { path: `bench/h${i}.ts`, cwd: CWD }),
    ),
  );
  const runner = new HookRunner(hooks, { cwd: CWD });
  runner.initialize({ sendMessageHandler: noop, appendEntryHandler: noop });
  return runner;
}

export async function run() {
  const rows = [];
  for (const [n, target] of [
    [1, null],
    [10, 1.1],
    [100, 1.25],
  ]) {
    const handlers = Array.from({ length: n }, () => noop);
    const runner = await runnerWith(handlers);
    const ctx = runner.createContext();
    const emit = (i) => runner.emit(event(i));

    const tapable = new AsyncSeriesBailHook(["event", "ctx"]);
    handlers.forEach((handler, i) => {
      tapable.tapPromise({ name: `h${i}` }, (payload, c) => Promise.resolve(handler(payload, c)));
    });
    const hookable = createHooks();
    for (const handler of handlers) hookable.hook("tool_call", handler);

    const name = `dispatch tool_call, N=${n}`;
    rows.push(
      await compare({
        name,
        baseline: "plain for…await loop (try/catch, result check)",
        baselineFn: (i) => plainLoop(handlers, event(i), ctx),
        subjectFn: emit,
        target,
      }),
      await compare({
        name,
        baseline: "tapable AsyncSeriesBailHook directly",
        baselineFn: (i) => tapable.promise(event(i), ctx),
        subjectFn: emit,
        target: null,
      }),
      await compare({
        name,
        baseline: "hookable callHook",
        baselineFn: (i) => hookable.callHook("tool_call", event(i), ctx),
        subjectFn: emit,
        target: null,
      }),
    );
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatTable(await run()));
}
