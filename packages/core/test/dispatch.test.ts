import { describe, expect, it } from "vitest";
import {
  type AnyHookEvent,
  type HookAPI,
  type HookError,
  HookRunner,
  instantiateHook,
  type LoadedHook,
  type ToolCallOutcome,
} from "../src/index.js";

type Setup = (pi: HookAPI, log: string[]) => void;

/** The runner of these hooks, with what its handlers log and the failures it reports. */
async function dispatcherOf(
  setups: Record<string, Setup>,
  { handlerTimeout }: { handlerTimeout?: number } = {},
) {
  const log: string[] = [];
  const hooks: LoadedHook[] = [];
  for (const [path, setup] of Object.entries(setups)) {
    hooks.push(await instantiateHook((pi) => setup(pi, log), { path, cwd: "/project" }));
  }
  const runner = new HookRunner(hooks, { cwd: "/project", handlerTimeout });
  const errors: HookError[] = [];
  runner.onError((error) => errors.push(error));
  const emit = (event: AnyHookEvent): Promise<unknown> => runner.emit(event);
  const toolCall = (id: string, input: Record<string, unknown> = { command: "ls" }) =>
    emit({ type: "tool_call", toolName: "bash", toolCallId: id, input }) as Promise<ToolCallOutcome>;
  return { runner, emit, toolCall, log, errors };
}

describe("one event's dispatcher with sync and async handlers mixed", () => {
  it("runs them in order, each seeing the input the ones before rewrote, and stops at the first block", async () => {
    const { toolCall, log } = await dispatcherOf({
      "sync-nothing.ts": (pi, log) => pi.on("tool_call", () => void log.push("sync-nothing")),
      "async-nothing.ts": (pi, log) =>
        pi.on("tool_call", async () => {
          log.push("async-nothing");
        }),
      "sync-rewrite.ts": (pi, log) =>
        pi.on("tool_call", (e) => {
          log.push("sync-rewrite");
          return { input: { command: `${String(e.input.command)} -la` } };
        }),
      "async-context.ts": (pi, log) =>
        pi.on("tool_call", async (e) => {
          log.push(`async-context saw ${String(e.input.command)}`);
          return { additionalContext: "from async" };
        }),
      "sync-after.ts": (pi, log) => pi.on("tool_call", () => void log.push("sync-after")),
      "async-block.ts": (pi, log) =>
        pi.on("tool_call", async (e) => {
          log.push("async-block");
          return { block: true, reason: `no ${String(e.input.command)}` };
        }),
      "never.ts": (pi, log) => pi.on("tool_call", () => void log.push("never")),
    });
    const outcome = await toolCall("c1");
    expect(outcome).toEqual({
      block: true,
      reason: "no ls -la",
      blockedBy: "async-block.ts",
      input: { command: "ls -la" },
      inputModified: true,
      additionalContext: [{ hookPath: "async-context.ts", text: "from async" }],
    });
    expect(log).toEqual([
      "sync-nothing",
      "async-nothing",
      "sync-rewrite",
      "async-context saw ls -la",
      "sync-after",
      "async-block",
    ]);
    // The same dispatcher again (its hooks are compiled once): the same run.
    log.length = 0;
    expect(await toolCall("c2")).toEqual(outcome);
    expect(log).toHaveLength(6);
  });

  it("fails a tool call on a handler that throws synchronously after an async one, naming it", async () => {
    const { toolCall, log } = await dispatcherOf({
      "async.ts": (pi, log) =>
        pi.on("tool_call", async () => {
          log.push("async");
        }),
      "throws.ts": (pi) =>
        pi.on("tool_call", () => {
          throw new Error("sync boom");
        }),
      "after.ts": (pi, log) => pi.on("tool_call", () => void log.push("after")),
    });
    await expect(toolCall("c1")).rejects.toMatchObject({
      hookPath: "throws.ts",
      error: "sync boom",
    });
    expect(log).toEqual(["async"]);
  });

  it("reports a rejected promise from a plain function and one from an async function, and goes on", async () => {
    const { emit, log, errors } = await dispatcherOf({
      "plain-reject.ts": (pi) => pi.on("session_shutdown", () => Promise.reject(new Error("plain"))),
      "sync.ts": (pi, log) => pi.on("session_shutdown", () => void log.push("sync")),
      "async-reject.ts": (pi) =>
        pi.on("session_shutdown", async () => {
          throw new Error("async");
        }),
      "last.ts": (pi, log) =>
        pi.on("session_shutdown", async () => {
          log.push("last");
        }),
    });
    await emit({ type: "session_shutdown" });
    expect(log).toEqual(["sync", "last"]);
    expect(errors.map((e) => `${e.hookPath}: ${e.error}`)).toEqual([
      "plain-reject.ts: plain",
      "async-reject.ts: async",
    ]);
  });

  it("times out a thenable that never settles, goes on with the next handler and drops its late settlement", async () => {
    let settleLate: ((value: unknown) => void) | undefined;
    const { emit, log, errors } = await dispatcherOf(
      {
        "hangs.ts": (pi, log) =>
          pi.on("agent_end", () => {
            log.push("hangs");
            const thenable = {
              // biome-ignore lint/suspicious/noThenProperty: a thenable that settles only after its timeout.
              then(resolve: (value: unknown) => void) {
                settleLate = resolve;
              },
            };
            return thenable as never;
          }),
        "async-hangs.ts": (pi, log) =>
          pi.on("agent_end", async () => {
            log.push("async-hangs");
            await new Promise(() => {});
          }),
        "next.ts": (pi, log) =>
          pi.on("agent_end", async () => {
            log.push("next");
          }),
      },
      { handlerTimeout: 30 },
    );
    await emit({ type: "agent_end", messages: [] });
    expect(log).toEqual(["hangs", "async-hangs", "next"]);
    expect(errors.map((e) => [e.code, e.hookPath])).toEqual([
      ["HOOK_TIMEOUT", "hangs.ts"],
      ["HOOK_TIMEOUT", "async-hangs.ts"],
    ]);
    settleLate?.(undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(["hangs", "async-hangs", "next"]);
    expect(errors).toHaveLength(2);
  });

  it("keeps a nested emit of the same event apart from the emit whose handler started it", async () => {
    let toolCall: ((id: string, input: Record<string, unknown>) => Promise<ToolCallOutcome>) | undefined;
    const made = await dispatcherOf({
      "outer.ts": (pi) =>
        pi.on("tool_call", async (e) => {
          if (e.toolCallId !== "outer") return undefined;
          const inner = await toolCall?.("inner", { command: "inner" });
          return { additionalContext: `inner blocked: ${String(inner?.block)}` };
        }),
      "guard.ts": (pi) =>
        pi.on("tool_call", (e) =>
          e.input.command === "inner" ? { block: true, reason: "inner" } : undefined,
        ),
    });
    toolCall = made.toolCall;
    const outcome = await toolCall("outer", { command: "ls" });
    expect(outcome.block).toBe(false);
    expect(outcome.additionalContext).toEqual([{ hookPath: "outer.ts", text: "inner blocked: true" }]);
  });

  it("gives each runner's dispatcher of the same event its own handlers", async () => {
    const a = await dispatcherOf({
      "a.ts": (pi) => pi.on("tool_call", async () => ({ block: true, reason: "a" })),
    });
    const b = await dispatcherOf({
      "b1.ts": (pi) => pi.on("tool_call", async () => undefined),
      "b2.ts": (pi) => pi.on("tool_call", () => ({ additionalContext: "b" })),
    });
    const outcomes = await Promise.all([a.toolCall("1"), b.toolCall("2"), a.toolCall("3")]);
    expect(outcomes.map((o) => [o.block, o.reason, o.additionalContext.map((c) => c.text)])).toEqual([
      [true, "a", []],
      [false, undefined, ["b"]],
      [true, "a", []],
    ]);
  });
});

describe("a busy dispatcher", () => {
  it("keeps each of hundreds of emits under way at once apart, every one with its own outcome", async () => {
    const { toolCall } = await dispatcherOf({
      "slow.ts": (pi) =>
        pi.on("tool_call", async (e) => {
          await new Promise((resolve) => setImmediate(resolve));
          return { input: { ...e.input, seen: e.toolCallId } };
        }),
      "check.ts": (pi) =>
        pi.on("tool_call", (e) =>
          e.input.seen === e.toolCallId ? { additionalContext: e.toolCallId } : { block: true },
        ),
    });
    const ids = Array.from({ length: 300 }, (_, i) => `c${i}`);
    const outcomes = await Promise.all(ids.map((id) => toolCall(id)));
    outcomes.push(await toolCall("last"));
    ids.push("last");
    expect(outcomes.filter((o, i) => o.block || o.additionalContext[0]?.text !== ids[i])).toEqual([]);
  });
});
