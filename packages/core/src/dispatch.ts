// Compiles one event's handlers, across hooks, into a tapable bail hook driven by the event's policy.
import { AsyncSeriesBailHook } from "tapable";
import type { HookContext } from "./context.js";
import { HookError } from "./errors.js";
import type { HookEventName } from "./events.js";
import type { AnyHookHandler, LoadedHook } from "./instantiate.js";
import type { Policy } from "./policies/policy.js";

/** One handler run, for hosts and tools that show what each hook did. */
export interface HookTrace {
  event: HookEventName;
  hookPath: string;
  /** What the handler returned (`undefined` for nothing). */
  result: unknown;
  error?: HookError;
  durationMs: number;
}

export interface DispatchOptions {
  /** Receives every non-fatal handler failure. */
  report(error: HookError): void;
  /** Milliseconds a handler may take before it counts as failed; 0 or undefined waits forever. */
  handlerTimeout?: number;
  /** Set only while someone listens: the uninstrumented path stays free of timing work. */
  trace?: (entry: HookTrace) => void;
}

export interface CompiledDispatch {
  readonly count: number;
  run(event: unknown, ctx: HookContext): Promise<unknown>;
}

const STOP = true;

function timeoutAfter(ms: number, hookPath: string, event: HookEventName): [Promise<never>, () => void] {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new HookError({
            code: "HOOK_TIMEOUT",
            hookPath,
            event,
            message: `handler did not settle within ${ms} ms`,
          }),
        ),
      ms,
    );
  });
  return [promise, () => clearTimeout(timer)];
}

function invoke(
  handler: AnyHookHandler,
  event: unknown,
  ctx: HookContext,
  timeoutMs: number,
  hookPath: string,
  name: HookEventName,
) {
  if (!timeoutMs) return handler(event as never, ctx);
  const [timeout, cancel] = timeoutAfter(timeoutMs, hookPath, name);
  return Promise.race([Promise.resolve().then(() => handler(event as never, ctx)), timeout]).finally(cancel);
}

export function compileDispatch(
  hooks: readonly LoadedHook[],
  event: HookEventName,
  policy: Policy,
  options: DispatchOptions,
): CompiledDispatch {
  const tapable = new AsyncSeriesBailHook<[unknown, HookContext], true | undefined>(["state", "ctx"]);
  let count = 0;
  const timeoutMs = options.handlerTimeout ?? 0;
  const { trace, report } = options;

  for (const hook of hooks) {
    const hookPath = hook.path;
    for (const handler of hook.handlers.get(event) ?? []) {
      count++;
      const fail = (cause: unknown) =>
        cause instanceof HookError && cause.hookPath === hookPath
          ? cause
          : new HookError({ hookPath, event, cause });
      tapable.tapPromise({ name: hookPath }, async (state, ctx) => {
        const started = trace ? performance.now() : 0;
        let result: unknown;
        try {
          result = await invoke(handler, policy.view(state), ctx, timeoutMs, hookPath, event);
        } catch (cause) {
          const error = fail(cause);
          trace?.({ event, hookPath, result: undefined, error, durationMs: performance.now() - started });
          if (policy.propagateErrors) throw error;
          report(error);
          return undefined;
        }
        trace?.({ event, hookPath, result, durationMs: performance.now() - started });
        if (result === undefined || result === null || !policy.expectsResult) return undefined;
        if (typeof result !== "object" || Array.isArray(result)) {
          const kind = Array.isArray(result) ? "array" : typeof result;
          report(
            new HookError({
              code: "HOOK_INVALID_RESULT",
              hookPath,
              event,
              message: `handler returned ${kind}; expected an object or nothing. The result was ignored.`,
            }),
          );
          return undefined;
        }
        return policy.fold(state, result, hookPath) ? STOP : undefined;
      });
    }
  }

  return {
    count,
    async run(payload, ctx) {
      const state = policy.start(payload);
      if (count > 0) await tapable.promise(state, ctx);
      return policy.finish(state);
    },
  };
}
