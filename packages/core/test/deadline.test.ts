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

  it("0 means no limit", async () => {
    const runner = await runnerWith(() => later(200, { block: true, reason: "slow no" }), {
      handlerTimeout: 0,
    });
    expect(await call(runner)).toMatchObject({ block: true, reason: "slow no" });
  });
});
