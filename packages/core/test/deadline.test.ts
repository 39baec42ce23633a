import { describe, expect, it } from "vitest";
import {
  createNoOpUIContext,
  DEFAULT_HANDLER_TIMEOUT_MS,
  HookRunner,
  type HookUIContext,
  instantiateHook,
  isHookError,
  isHookwireError,
} from "../src/index.js";
import { DEFAULT_LOAD_TIMEOUT_MS } from "../src/internal.js";

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("load timeout", () => {
  it("fails a factory that never settles with HOOK_LOAD_TIMEOUT naming the hook", async () => {
    const error = await instantiateHook(() => new Promise<void>(() => {}), {
      path: "hooks/stuck.ts",
      cwd: "/p",
      loadTimeout: 100,
    }).catch((e: unknown) => e);
    expect(isHookwireError(error) && error.code).toBe("HOOK_LOAD_TIMEOUT");
    expect((error as Error).message).toMatchInlineSnapshot(
      `"Hook \`hooks/stuck.ts\` did not finish loading within 100 ms. A factory must register its handlers and settle; start long work inside a handler (e.g. session_start) instead."`,
    );
  });

  it("waits for a slow factory when the limit is 0, and defaults to 10 s", async () => {
    expect(DEFAULT_LOAD_TIMEOUT_MS).toBe(10_000);
    const hook = await instantiateHook(
      async (pi) => {
        await later(150, undefined);
        pi.on("session_start", () => {});
      },
      { path: "hooks/slow.ts", cwd: "/p", loadTimeout: 0 },
    );
    expect(hook.handlers.get("session_start")).toHaveLength(1);
  });

  it("a factory that rejects after its timeout is no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", listener);
    try {
      await instantiateHook(() => later(100, undefined).then(() => Promise.reject(new Error("late"))), {
        path: "hooks/late.ts",
        cwd: "/p",
        loadTimeout: 20,
      }).catch(() => {});
      await later(200, undefined);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", listener);
    }
  });
});

describe("handler timeout", () => {
  const runnerWith = async (
    handler: (ui: HookUIContext) => unknown,
    options: { handlerTimeout?: number; ui?: Partial<HookUIContext> },
  ) => {
    const hook = await instantiateHook(
      (pi) => {
        pi.on("tool_call", (_event, ctx) => handler(ctx.ui) as never);
      },
      { path: "hooks/h.ts", cwd: "/p" },
    );
    const runner = new HookRunner([hook], { cwd: "/p", handlerTimeout: options.handlerTimeout });
    runner.initialize({
      sendMessageHandler: () => {},
      appendEntryHandler: () => {},
      uiContext: { ...createNoOpUIContext(), ...options.ui },
      hasUI: true,
    });
    return runner;
  };
  const call = (runner: HookRunner) => runner.emitToolCall({ toolName: "bash", toolCallId: "1", input: {} });

  it("defaults to 60 s and rejects a tool_call handler that never settles with HOOK_TIMEOUT", async () => {
    expect(DEFAULT_HANDLER_TIMEOUT_MS).toBe(60_000);
    const runner = await runnerWith(() => new Promise(() => {}), { handlerTimeout: 100 });
    const error = await call(runner).catch((e: unknown) => e);
    expect(isHookError(error) && [error.code, error.hookPath, error.error]).toEqual([
      "HOOK_TIMEOUT",
      "hooks/h.ts",
      "handler did not settle within 100 ms",
    ]);
  });

  it("does not expire while the handler waits for the user in a dialog", async () => {
    const runner = await runnerWith((ui) => ui.confirm("Run it?", "rm -rf build"), {
      handlerTimeout: 100,
      ui: { confirm: () => later(400, true) },
    });
    expect(await call(runner)).toMatchObject({ block: false });
  });

  it("expires after the dialog closed when the handler still does not settle", async () => {
    const runner = await runnerWith(
      async (ui) => {
        await ui.confirm("Run it?", "x");
        await new Promise(() => {});
      },
      { handlerTimeout: 100, ui: { confirm: () => later(150, true) } },
    );
    const error = await call(runner).catch((e: unknown) => e);
    expect(isHookError(error) && error.code).toBe("HOOK_TIMEOUT");
  });

  it("a dialog open in one call does not hold back the clock of another call in flight on the runner", async () => {
    const hook = await instantiateHook(
      (pi) => {
        pi.on("tool_call", (event, ctx) =>
          event.toolName === "ask" ? (ctx.ui.confirm("Run it?", "x") as never) : new Promise<never>(() => {}),
        );
      },
      { path: "hooks/h.ts", cwd: "/p" },
    );
    const runner = new HookRunner([hook], { cwd: "/p", handlerTimeout: 100 });
    // One UI object for both calls, as a host that serves every call with one UI: the user answers after 600 ms.
    const uiContext = { ...createNoOpUIContext(), confirm: () => later(600, true) };
    const seen: string[] = [];
    const asking = runner
      .emit({ type: "tool_call", toolName: "ask", toolCallId: "a", input: {} }, { host: { uiContext } })
      .then((outcome) => seen.push(`ask: block ${outcome.block}`));
    const slow = runner
      .emit({ type: "tool_call", toolName: "slow", toolCallId: "s", input: {} }, { host: { uiContext } })
      .catch((error: unknown) => seen.push(`slow: ${isHookError(error) && error.code}`));
    await Promise.all([asking, slow]);
    expect(seen).toEqual(["slow: HOOK_TIMEOUT", "ask: block false"]);
  });

  it("a timeout is reported to its own call, whose next hook's dialog still holds back its clock", async () => {
    const stuck = await instantiateHook(
      (pi) => {
        pi.on("session_start", () => new Promise<never>(() => {}));
      },
      { path: "hooks/stuck.ts", cwd: "/p" },
    );
    const asks = await instantiateHook(
      (pi) => {
        pi.on("session_start", async (_event, ctx) => {
          if (ctx.hasUI) await ctx.ui.confirm("Go on?", "x");
        });
      },
      { path: "hooks/asks.ts", cwd: "/p" },
    );
    const runner = new HookRunner([stuck, asks], { cwd: "/p", handlerTimeout: 100 });
    const failed: string[] = [];
    const host = (name: string) => ({
      uiContext: { ...createNoOpUIContext(), confirm: () => later(500, true) },
      onError: (error: { code: string; hookPath: string }) =>
        failed.push(`${name}: ${error.code} ${error.hookPath}`),
    });
    // The other call arms the shared clock first: its timer runs in that call's context.
    const other = runner.emit({ type: "session_start" }, { hasUI: false, host: host("other") });
    const asking = runner.emit({ type: "session_start" }, { hasUI: true, host: host("asking") });
    await Promise.all([other, asking]);
    // Each call is told of its own timeout, and the asking call's second hook was not cut off.
    expect(failed.sort()).toEqual([
      "asking: HOOK_TIMEOUT hooks/stuck.ts",
      "other: HOOK_TIMEOUT hooks/stuck.ts",
    ]);
  });

  it("0 means no limit", async () => {
    const runner = await runnerWith(() => later(200, { block: true, reason: "slow no" }), {
      handlerTimeout: 0,
    });
    expect(await call(runner)).toMatchObject({ block: true, reason: "slow no" });
  });
});
