// Event dispatch cost: runner.emit(tool_call) with N synchronous or async no-op handlers, against a loop
// that does the runner's work and no more, tapable's own taps, and hookable.
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

/**
 * No-op handlers. `shared`: N closures of one function, which V8 inlines into a loop's single call site
 * (a best case for the loop). `distinct`: N different functions, as a host gets them from N hook modules.
 */
const HANDLERS = {
  shared: {
    sync: () => () => undefined,
    async: () => async () => undefined,
  },
  distinct: {
    // Each handler its own function, as from its own module.
    sync: (_, i) => new Function(`return function hook${i}() { return undefined; }`)(),
    async: (_, i) => new Function(`return async function hook${i}() { return undefined; }`)(),
  },
};

function isThenable(value) {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof value.then === "function"
  );
}

/**
 * The fair loop: what the runner does for tool_call (a try/catch naming the handler, the block check, an
 * outcome object like the runner's), awaiting only what is a thenable, as the runner does. A loop that
 * awaited every `undefined` would pay one microtask per handler the runner never pays.
 */
export async function fairLoop(handlers, payload, ctx) {
  const outcome = { block: false, input: payload.input, inputModified: false, additionalContext: [] };
  for (let i = 0; i < handlers.length; i++) {
    let result;
    try {
      result = handlers[i](payload, ctx);
      if (isThenable(result)) result = await result;
    } catch (cause) {
      throw new Error(`handler ${i} failed`, { cause });
    }
    if (result !== undefined && result !== null && result.block === true) {
      outcome.block = true;
      outcome.reason = result.reason;
      return outcome;
    }
  }
  return outcome;
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

/** Tapable as its users write it: `tap()` for synchronous functions, `tapPromise()` for async ones. */
function tapableWith(handlers, kind) {
  const hook = new AsyncSeriesBailHook(["event", "ctx"]);
  handlers.forEach((handler, i) => {
    if (kind === "sync") hook.tap({ name: `h${i}` }, handler);
    else hook.tapPromise({ name: `h${i}` }, handler);
  });
  return hook;
}

// Issue 17's targets: ≤ 1.3× the fair loop with synchronous handlers, ≤ 1.1× with async ones, at N = 10 and 100.
const TARGETS = { sync: 1.3, async: 1.1 };

export async function run() {
  const rows = [];
  for (const variant of ["distinct", "shared"]) {
    for (const kind of ["sync", "async"]) {
      for (const n of [1, 10, 100]) {
        const handlers = Array.from({ length: n }, HANDLERS[variant][kind]);
        const runner = await runnerWith(handlers);
        const ctx = runner.createContext();
        const emit = (i) => runner.emit(event(i));
        const name = `dispatch tool_call, N=${n}, ${kind} handlers (${variant} functions)`;
        rows.push(
          await compare({
            name,
            baseline: "fair loop (awaits only thenables, same checks and outcome)",
            baselineFn: (i) => fairLoop(handlers, event(i), ctx),
            subjectFn: emit,
            target: n === 1 ? null : TARGETS[kind],
          }),
        );
        if (variant === "shared") continue;
        const tapable = tapableWith(handlers, kind);
        const hookable = createHooks();
        for (const handler of handlers) hookable.hook("tool_call", handler);
        rows.push(
          await compare({
            name,
            baseline: `tapable AsyncSeriesBailHook, ${kind === "sync" ? "tap()" : "tapPromise()"}`,
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
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatTable(await run()));
}
