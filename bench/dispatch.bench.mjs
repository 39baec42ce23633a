// Event dispatch cost: runner.emit(tool_call) with N synchronous or async no-op handlers, against a loop
// that does the runner's work and no more, tapable's own taps, and hookable.
// Standalone: `pnpm build && node bench/dispatch.bench.mjs`. With BENCH_DISPATCH_BEFORE=<another checkout, built>,
// each configuration also times that checkout's runner.emit against this one's, round for round (a before/after
// in one run, whatever the load).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createHooks } from "hookable";
import { AsyncSeriesBailHook } from "tapable";
import { HookRunner, instantiateHook } from "../packages/core/dist/index.js";
import { compare, formatTable } from "./measure.mjs";

const CWD = process.cwd();
const BEFORE = process.env.BENCH_DISPATCH_BEFORE;
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

/** A runner of these handlers, from this checkout's core or another's (`core`: that core's module). */
async function runnerWith(handlers, core = { HookRunner, instantiateHook }) {
  const hooks = await Promise.all(
    handlers.map((handler, i) =>
      core.instantiateHook((pi) => void pi.on("tool_call", handler), { path: `bench/h${i}.ts`, cwd: CWD }),
    ),
  );
  const runner = new core.HookRunner(hooks, { cwd: CWD });
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

const CONFIGS = ["distinct", "shared"].flatMap((variant) =>
  ["sync", "async"].flatMap((kind) => [1, 10, 100].map((n) => ({ variant, kind, n }))),
);

/** The rows of one configuration, in this process: each baseline against runner.emit. */
async function runConfig({ variant, kind, n }) {
  const handlers = Array.from({ length: n }, HANDLERS[variant][kind]);
  const runner = await runnerWith(handlers);
  const ctx = runner.createContext();
  const emit = (i) => runner.emit(event(i));
  const name = `dispatch tool_call, N=${n}, ${kind} handlers (${variant} functions)`;
  const rows = [
    {
      name,
      baseline: "fair loop (awaits only thenables, same checks and outcome)",
      baselineFn: (i) => fairLoop(handlers, event(i), ctx),
      subjectFn: emit,
      target: n === 1 ? null : TARGETS[kind],
    },
  ];
  if (variant === "distinct") {
    const tapable = tapableWith(handlers, kind);
    const hookable = createHooks();
    for (const handler of handlers) hookable.hook("tool_call", handler);
    rows.push(
      {
        name,
        baseline: `tapable AsyncSeriesBailHook, ${kind === "sync" ? "tap()" : "tapPromise()"}`,
        baselineFn: (i) => tapable.promise(event(i), ctx),
        subjectFn: emit,
        target: null,
      },
      {
        name,
        baseline: "hookable callHook",
        baselineFn: (i) => hookable.callHook("tool_call", event(i), ctx),
        subjectFn: emit,
        target: null,
      },
    );
  }
  if (BEFORE) {
    const core = await import(pathToFileURL(path.resolve(BEFORE, "packages/core/dist/index.js")).href);
    const before = await runnerWith(handlers, core);
    rows.push({
      name,
      baseline: `runner.emit of ${path.basename(path.resolve(BEFORE))} (before)`,
      baselineFn: (i) => before.emit(event(i)),
      subjectFn: emit,
      target: null,
    });
  }
  // Last: the first emit given a call's host turns AsyncLocalStorage on for the rest of the process (every promise
  // then carries the call), which would weigh on the rows above. Hosts give one on every emit (`CallContext.host`);
  // the issue-17 targets are the plain emit's (above), these rows say what a call costs on top.
  const call = { host: { sendMessageHandler: noop } };
  const emitInCall = (i) => runner.emit(event(i), call);
  rows.push(
    {
      name: `${name}, each emit with a call's host`,
      baseline: "runner.emit with no call",
      baselineFn: emit,
      subjectFn: emitInCall,
      target: null,
    },
    {
      name: `${name}, each emit with a call's host`,
      baseline: "fair loop (awaits only thenables, same checks and outcome)",
      baselineFn: (i) => fairLoop(handlers, event(i), ctx),
      subjectFn: emitInCall,
      target: null,
    },
  );
  if (BEFORE) {
    // Before, a host's call was a context copied from the runner's per emit (`{ hasUI, sessionManager, state }`).
    const core = await import(pathToFileURL(path.resolve(BEFORE, "packages/core/dist/index.js")).href);
    const before = await runnerWith(handlers, core);
    const beforeCall = { hasUI: true };
    rows.push({
      name: `${name}, each emit with a call's host`,
      baseline: `runner.emit of ${path.basename(path.resolve(BEFORE))} with a call (before)`,
      baselineFn: (i) => before.emit(event(i), beforeCall),
      subjectFn: emitInCall,
      target: null,
    });
  }
  const results = [];
  for (const spec of rows) results.push(await compare(spec));
  return results;
}

/**
 * Every configuration runs in a fresh `node` process: V8 keeps type feedback per function, so in one
 * process the fair loop's single call site (and any shared code on either side) would carry what earlier
 * rows taught it, and a row's result would depend on where it sits in the list. `BENCH_DISPATCH=one-process`
 * runs them all in this process instead (as a host with many dispatchers would).
 */
export async function run() {
  const rows = [];
  for (const config of CONFIGS) {
    if (process.env.BENCH_DISPATCH === "one-process") {
      rows.push(...(await runConfig(config)));
      continue;
    }
    const out = execFileSync(
      process.execPath,
      [fileURLToPath(import.meta.url), "--config", JSON.stringify(config)],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    rows.push(...JSON.parse(out));
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--config");
  if (at > 0) console.log(JSON.stringify(await runConfig(JSON.parse(process.argv[at + 1]))));
  else console.log(formatTable(await run()));
}
