import { describe, expect, it } from "vitest";
import { HOST_ACTIONS, type HookAPI, HookRunner, instantiateHook, isHookwireError } from "../src/index.js";

async function capture(factory?: (pi: HookAPI) => void) {
  let api: HookAPI | undefined;
  const hook = await instantiateHook(
    (pi) => {
      api = pi;
      factory?.(pi);
    },
    { path: "ext/actions.ts", cwd: "/p" },
  );
  return { hook, pi: api as HookAPI, runner: new HookRunner([hook], { cwd: "/p" }) };
}

const persistence = { sendMessageHandler: () => {}, appendEntryHandler: () => {} };

describe("host actions", () => {
  it("delegate to the host callback of the same name, with the calling hook's path last", async () => {
    const { pi, runner } = await capture();
    const calls: unknown[][] = [];
    const record =
      <T>(name: string, answer?: T) =>
      (...args: unknown[]): T => {
        calls.push([name, ...args]);
        return answer as T;
      };
    runner.initialize({
      ...persistence,
      sendUserMessage: record("sendUserMessage"),
      setSessionName: record("setSessionName"),
      getSessionName: record("getSessionName", "refactor"),
      setLabel: record("setLabel"),
      getActiveTools: record("getActiveTools", ["read"]),
      getAllTools: record("getAllTools", [{ name: "read" }]),
      setActiveTools: record("setActiveTools"),
      getCommands: record("getCommands", [{ name: "go" }]),
      setModel: async (...args: unknown[]) => record("setModel", true)(...args),
      getThinkingLevel: record("getThinkingLevel", "high"),
      setThinkingLevel: record("setThinkingLevel"),
    });
    pi.sendUserMessage("hello", { deliverAs: "steer" });
    pi.setSessionName("refactor");
    expect(pi.getSessionName()).toBe("refactor");
    pi.setLabel("e1", "checkpoint");
    expect(pi.getActiveTools()).toEqual(["read"]);
    expect(pi.getAllTools()).toEqual([{ name: "read" }]);
    pi.setActiveTools(["read", "bash"]);
    expect(pi.getCommands()).toEqual([{ name: "go" }]);
    expect(await pi.setModel({ provider: "p", id: "m" })).toBe(true);
    expect(pi.getThinkingLevel()).toBe("high");
    pi.setThinkingLevel("low");
    expect(calls.map((c) => c[0])).toEqual(Object.keys(HOST_ACTIONS));
    expect(calls[0]).toEqual(["sendUserMessage", "hello", { deliverAs: "steer" }, "ext/actions.ts"]);
    expect(calls[8]).toEqual(["setModel", { provider: "p", id: "m" }, "ext/actions.ts"]);
  });

  it("fail with a clear error when the host did not provide one, and before initialize", async () => {
    const { pi, runner } = await capture();
    const before = (() => {
      try {
        pi.setSessionName("x");
      } catch (error) {
        return error;
      }
    })();
    expect(isHookwireError(before) && before.code).toBe("HOOK_NOT_INITIALIZED");
    runner.initialize(persistence);
    let thrown: unknown;
    try {
      pi.setActiveTools(["read"]);
    } catch (error) {
      thrown = error;
    }
    expect(isHookwireError(thrown) && `${thrown.code}: ${thrown.message}`).toMatchInlineSnapshot(
      `"HOOK_ACTION_UNAVAILABLE: Hook \`ext/actions.ts\` called pi.setActiveTools(), but the host did not provide it. Hosts that support it pass setActiveTools to runner.initialize({ …, setActiveTools })."`,
    );
    // setModel answers with a promise in pi, so its absence rejects rather than throws.
    await expect(pi.setModel({ provider: "p", id: "m" })).rejects.toMatchObject({
      code: "HOOK_ACTION_UNAVAILABLE",
    });
  });
});

describe("context and UI additions", () => {
  it("answer with harmless defaults when the host provides nothing", async () => {
    const { runner } = await capture();
    const ctx = runner.createCommandContext();
    expect(ctx.signal).toBeUndefined();
    expect(ctx.hasPendingMessages()).toBe(false);
    expect(ctx.getContextUsage()).toBeUndefined();
    expect(ctx.getSystemPrompt()).toBe("");
    expect(() => ctx.shutdown()).not.toThrow();
    expect(() => ctx.compact()).not.toThrow();
    await expect(ctx.reload()).resolves.toBeUndefined();
    await expect(ctx.fork("e1")).resolves.toEqual({ cancelled: false });
    await expect(ctx.switchSession("/s.jsonl")).resolves.toEqual({ cancelled: false });
    const ui = ctx.ui;
    expect(ui.setTheme("dark")).toEqual({ success: false, error: "UI not available" });
    expect(ui.getAllThemes()).toEqual([]);
    expect(ui.getEditorComponent()).toBeUndefined();
    expect(ui.getToolsExpanded()).toBe(false);
    const off = ui.onTerminalInput(() => {});
    expect(typeof off).toBe("function");
    for (const call of [
      () => ui.setWidget("k", ["line"]),
      () => ui.setFooter(() => null),
      () => ui.setHeader(() => null),
      () => ui.setTitle("t"),
      () => ui.setEditorComponent(undefined),
      () => ui.setWorkingMessage("…"),
    ]) {
      expect(call).not.toThrow();
    }
  });

  it("reach the host's callbacks, and a host UI of the seed's size is completed, not replaced", async () => {
    const { runner } = await capture();
    class SeedUI {
      readonly #notes: string[] = [];
      get notes() {
        return this.#notes;
      }
      notify(message: string) {
        this.#notes.push(message);
      }
      async confirm() {
        return true;
      }
    }
    const ui = new SeedUI();
    const controller = new AbortController();
    let shutdowns = 0;
    runner.initialize({
      ...persistence,
      uiContext: ui as never,
      hasUI: true,
      hasQueuedMessages: () => true,
      getSignal: () => controller.signal,
      shutdown: () => void shutdowns++,
      getContextUsage: () => ({ tokens: 10, contextWindow: 100, percent: 10 }),
      getSystemPrompt: () => "You are helpful.",
    });
    const ctx = runner.createContext();
    ctx.ui.notify("private fields still work");
    expect(ui.notes).toEqual(["private fields still work"]);
    expect(await ctx.ui.confirm("t", "m")).toBe(true);
    expect(ctx.ui.setTheme("x")).toEqual({ success: false, error: "UI not available" });
    expect(ctx.hasPendingMessages()).toBe(true);
    expect(ctx.signal).toBe(controller.signal);
    ctx.shutdown();
    expect(shutdowns).toBe(1);
    expect(ctx.getContextUsage()?.percent).toBe(10);
    expect(ctx.getSystemPrompt()).toBe("You are helpful.");
  });
});
