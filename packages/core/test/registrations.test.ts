import { describe, expect, it } from "vitest";
import { createEventBus, type HookAPI, HookRunner, instantiateHook, isHookwireError } from "../src/index.js";

const load = (path: string, factory: (pi: HookAPI) => void, eventBus = createEventBus()) =>
  instantiateHook(factory, { path, cwd: "/p", eventBus });

const tool = (name: string, text: string) => ({
  name,
  description: `${name} tool`,
  parameters: { type: "object" },
  execute: async () => ({ content: [{ type: "text" as const, text }] }),
});

describe("registerTool, registerFlag, registerShortcut, registerProvider", () => {
  it("collect definitions for the host: first tool and flag of a name win, a later shortcut wins", async () => {
    const a = await load("a.ts", (pi) => {
      pi.registerTool(tool("hello", "from a"));
      pi.registerFlag("plan", { type: "boolean", default: false, description: "plan mode" });
      pi.registerShortcut("Ctrl+P", { handler: () => {} });
      pi.registerProvider("corp", { baseUrl: "http://127.0.0.1:1" });
    });
    const b = await load("b.ts", (pi) => {
      pi.registerTool(tool("hello", "from b"));
      pi.registerTool(tool("other", "b"));
      pi.registerFlag("plan", { type: "boolean", default: true });
      pi.registerShortcut("ctrl+p", { description: "b's", handler: () => {} });
    });
    const runner = new HookRunner([a, b], { cwd: "/p" });
    expect(runner.getRegisteredTools().map((t) => `${t.definition.name}@${t.hookPath}`)).toEqual([
      "hello@a.ts",
      "other@b.ts",
    ]);
    expect(runner.getToolDefinition("other")?.description).toBe("other tool");
    expect([...runner.getFlags().values()].map((f) => `${f.name}@${f.hookPath}`)).toEqual(["plan@a.ts"]);
    expect(runner.getShortcuts().get("ctrl+p")?.description).toBe("b's");
    expect(runner.getRegisteredProviders()).toEqual([
      { name: "corp", config: { baseUrl: "http://127.0.0.1:1" }, hookPath: "a.ts" },
    ]);
  });

  it("getFlag answers the host's value, else the default, and nothing for a flag the hook did not register", async () => {
    let api: HookAPI | undefined;
    const seen: unknown[] = [];
    const hook = await load("flags.ts", (pi) => {
      api = pi;
      pi.registerFlag("preset", { type: "string", default: "fast" });
      seen.push(pi.getFlag("preset"), pi.getFlag("unregistered"));
    });
    const runner = new HookRunner([hook], { cwd: "/p" });
    runner.initialize({ sendMessageHandler: () => {}, appendEntryHandler: () => {} });
    expect(api?.getFlag("preset")).toBe("fast");
    runner.setFlagValue("preset", "slow");
    runner.setFlagValue("unregistered", "x");
    expect(api?.getFlag("preset")).toBe("slow");
    expect(api?.getFlag("unregistered")).toBeUndefined();
    expect(seen).toEqual(["fast", undefined]);
    expect(Object.fromEntries(runner.getFlagValues())).toEqual({ preset: "slow", unregistered: "x" });
  });

  it("tell the host about tools registered after it connected", async () => {
    let api: HookAPI | undefined;
    const hook = await load("late.ts", (pi) => {
      api = pi;
    });
    const runner = new HookRunner([hook], { cwd: "/p" });
    let refreshes = 0;
    runner.initialize({
      sendMessageHandler: () => {},
      appendEntryHandler: () => {},
      refreshTools: () => void refreshes++,
    });
    api?.registerTool(tool("echo", "e"));
    expect(refreshes).toBe(1);
    expect(runner.getRegisteredTools()).toHaveLength(1);
  });

  it("reject malformed registrations at once", async () => {
    const attempts: Array<(pi: HookAPI) => void> = [
      (pi) => pi.registerTool({ description: "no name" } as never),
      (pi) => pi.registerTool({ name: "t", description: "", parameters: {} } as never),
      (pi) => pi.registerFlag("", { type: "boolean" }),
      (pi) => pi.registerFlag("x", { type: "number" } as never),
      (pi) => pi.registerShortcut("ctrl+x", {} as never),
    ];
    const messages: string[] = [];
    for (const attempt of attempts) {
      const error = await load("bad.ts", attempt).catch((e: unknown) => e);
      expect(isHookwireError(error)).toBe(true);
      messages.push((error as Error).message);
    }
    expect(messages).toMatchInlineSnapshot(`
      [
        "Hook \`bad.ts\`: pi.registerTool() expects { name, description, parameters, execute }, got object without a name.",
        "Hook \`bad.ts\`: pi.registerTool("t") expects execute to be a function, got undefined.",
        "Hook \`bad.ts\`: pi.registerFlag() expects a non-empty name, got "".",
        "Hook \`bad.ts\`: pi.registerFlag("x") expects type "boolean" or "string", got "number".",
        "Hook \`bad.ts\`: pi.registerShortcut("ctrl+x") expects { handler: function }.",
      ]
    `);
  });
});

describe("pi.events", () => {
  it("carries messages between hooks loaded on one bus; a failing listener is reported as its hook's", async () => {
    const bus = createEventBus();
    const got: unknown[] = [];
    const listener = await load(
      "listener.ts",
      (pi) => {
        pi.events.on("ping", (data) => void got.push(data));
        pi.events.on("ping", () => {
          throw new Error("listener broke");
        });
        pi.events.on("ping", async () => {
          throw new Error("async listener broke");
        });
      },
      bus,
    );
    let sender: HookAPI | undefined;
    const emitter = await load(
      "sender.ts",
      (pi) => {
        sender = pi;
      },
      bus,
    );
    const runner = new HookRunner([listener, emitter], { cwd: "/p" });
    const errors: string[] = [];
    runner.onError((e) => errors.push(`${e.hookPath} ${e.event}: ${e.error}`));
    sender?.events.emit("ping", { n: 1 });
    // Listeners start synchronously, as in pi; the rejected one is reported a tick later.
    expect(got).toEqual([{ n: 1 }]);
    await new Promise((r) => setImmediate(r));
    expect(errors).toEqual([
      "listener.ts events:ping: listener broke",
      "listener.ts events:ping: async listener broke",
    ]);
  });

  it("keeps hooks without a shared bus apart, and unsubscribes", async () => {
    const got: unknown[] = [];
    let off: (() => void) | undefined;
    let alone: HookAPI | undefined;
    await instantiateHook(
      (pi) => {
        off = pi.events.on("x", (d) => void got.push(d));
        alone = pi;
      },
      { path: "alone.ts", cwd: "/p" },
    );
    const other = await instantiateHook(() => {}, { path: "other.ts", cwd: "/p" });
    expect(other.handlers.size).toBe(0);
    alone?.events.emit("x", 1);
    off?.();
    alone?.events.emit("x", 2);
    expect(got).toEqual([1]);
  });
});

describe("odd names", () => {
  it("keeps Object.prototype names as ordinary channels, flags, tools and shortcuts", async () => {
    const got: unknown[] = [];
    let api: HookAPI | undefined;
    const hook = await load("odd.ts", (pi) => {
      api = pi;
      pi.events.on("__proto__", (d) => void got.push(d));
      pi.events.on("constructor", (d) => void got.push(d));
      pi.registerFlag("__proto__", { type: "string", default: "p" });
      pi.registerTool(tool("constructor", "c"));
      pi.registerShortcut("toString", { handler: () => {} });
    });
    api?.events.emit("__proto__", 1);
    api?.events.emit("constructor", 2);
    api?.events.emit("hasOwnProperty", 3);
    expect(got).toEqual([1, 2]);
    const runner = new HookRunner([hook], { cwd: "/p" });
    expect(api?.getFlag("__proto__")).toBe("p");
    expect(api?.getFlag("toString")).toBeUndefined();
    expect(runner.getRegisteredTools().map((t) => t.definition.name)).toEqual(["constructor"]);
    expect([...runner.getShortcuts().keys()]).toEqual(["tostring"]);
  });
});
