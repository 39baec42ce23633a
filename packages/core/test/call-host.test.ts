import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import {
  type CallHost,
  createNoOpUIContext,
  type HookAPI,
  type HookContext,
  type HookError,
  HookRunner,
  instantiateHook,
} from "../src/index.js";

/** What one call's host was sent: messages, entries, notifications, errors, a model read, an abort. */
function recorder(name: string) {
  const seen: string[] = [];
  const host: CallHost = {
    sendMessageHandler: (message) => seen.push(`message ${String(message.content)}`),
    appendEntryHandler: (customType, data) => seen.push(`entry ${customType} ${JSON.stringify(data)}`),
    uiContext: { ...createNoOpUIContext(), notify: (text) => seen.push(`notify ${text}`) },
    getModel: () => ({ provider: "test", id: `${name}-model` }),
    abort: () => seen.push("abort"),
    setSessionName: (session) => seen.push(`session name ${session}`),
    onError: (error) => seen.push(`error ${error.hookPath}: ${error.error}`),
  };
  return { host, seen };
}

/** A runner of one hook; `initialize`'s own host records what reaches it outside any call. */
async function runnerOf(setup: (pi: HookAPI) => void) {
  const hook = await instantiateHook(setup, { path: "hook.ts", cwd: "/project" });
  const runner = new HookRunner([hook], { cwd: "/project" });
  const outside = recorder("outside");
  runner.initialize({
    ...(outside.host as Required<Pick<CallHost, "sendMessageHandler" | "appendEntryHandler">>),
    uiContext: outside.host.uiContext,
    getModel: outside.host.getModel,
    setSessionName: outside.host.setSessionName,
  });
  const errors: HookError[] = [];
  runner.onError((error) => errors.push(error));
  return { runner, outside: outside.seen, errors };
}

/** A gate each test opens by hand, to hold one call's handler while the other runs. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("a call's host is the call's: two emits in flight at once", () => {
  it("each call's messages, entries, UI, model and session name reach that call, in whatever order they interleave", async () => {
    const gates = { first: gate(), second: gate() };
    let late: Promise<void> = Promise.resolve();
    const { runner, outside } = await runnerOf((pi) => {
      pi.on("input", async (event, ctx) => {
        const name = event.text as "first" | "second";
        pi.sendMessage({ customType: "t", content: `${name} before`, display: true });
        await gates[name].opened;
        pi.sendMessage({ customType: "t", content: `${name} after ${ctx.model?.id}`, display: true });
        pi.appendEntry("note", { name });
        pi.setSessionName(name);
        ctx.ui.notify(`${name} says`);
        // A timer started in the handler, firing after the call answered: still that call's.
        late = sleep(5).then(() =>
          pi.sendMessage({ customType: "t", content: `${name} late`, display: true }),
        );
        return { action: "continue" };
      });
    });
    const first = recorder("first");
    const second = recorder("second");
    const one = runner.emit({ type: "input", text: "first", source: "interactive" }, { host: first.host });
    const two = runner.emit({ type: "input", text: "second", source: "interactive" }, { host: second.host });
    // The second call goes on while the first waits, then the first finishes while the second's timer is pending.
    gates.second.open();
    await two;
    gates.first.open();
    await one;
    await late;
    await sleep(10);
    expect(first.seen).toEqual([
      "message first before",
      "message first after first-model",
      'entry note {"name":"first"}',
      "session name first",
      "notify first says",
      "message first late",
    ]);
    expect(second.seen).toEqual([
      "message second before",
      "message second after second-model",
      'entry note {"name":"second"}',
      "session name second",
      "notify second says",
      "message second late",
    ]);
    expect(outside).toEqual([]);
  });

  it("a hook's failure goes to its own call's onError, and to the runner's listeners", async () => {
    const { runner, errors } = await runnerOf((pi) => {
      pi.on("agent_end", async (event) => {
        await sleep(event.messages.length);
        throw new Error(`failed after ${event.messages.length} ms`);
      });
    });
    const slow = recorder("slow");
    const quick = recorder("quick");
    await Promise.all([
      runner.emit({ type: "agent_end", messages: new Array(20).fill({}) }, { host: slow.host }),
      runner.emit({ type: "agent_end", messages: [] }, { host: quick.host }),
    ]);
    expect(slow.seen).toEqual(["error hook.ts: failed after 20 ms"]);
    expect(quick.seen).toEqual(["error hook.ts: failed after 0 ms"]);
    expect(errors.map((error) => error.error)).toEqual(["failed after 0 ms", "failed after 20 ms"]);
  });

  it("a context kept past its call is still that call's: its UI, model and abort", async () => {
    let kept: HookContext | undefined;
    const { runner } = await runnerOf((pi) => {
      pi.on("agent_start", (_event, ctx) => {
        kept = ctx;
      });
    });
    const call = recorder("kept");
    await runner.emit({ type: "agent_start" }, { host: call.host });
    const first = kept;
    const next = recorder("next");
    await runner.emit({ type: "agent_start" }, { host: next.host });
    first?.ui.notify(`model ${first.model?.id}`);
    first?.abort();
    expect(call.seen).toEqual(["notify model kept-model", "abort"]);
    expect(next.seen).toEqual([]);
  });
});

describe("outside any call, a hook's actions reach the runner's own host (as pi's reach pi's session)", () => {
  it("at load, from a timer the factory started, and in an emit given no host", async () => {
    let fromFactory: Promise<void> = Promise.resolve();
    const { runner, outside } = await runnerOf((pi) => {
      fromFactory = sleep(20).then(() =>
        pi.sendMessage({ customType: "t", content: "timer", display: true }),
      );
      pi.on("agent_start", (_event, ctx) => {
        pi.sendMessage({ customType: "t", content: "no host", display: true });
        ctx.ui.notify(`model ${ctx.model?.id}`);
      });
    });
    const call = recorder("call");
    // The factory's timer fires while a call is in flight: it is not that call's.
    await Promise.all([runner.emit({ type: "agent_end", messages: [] }, { host: call.host }), fromFactory]);
    await runner.emit({ type: "agent_start" });
    expect(outside).toEqual(["message timer", "message no host", "notify model outside-model"]);
    expect(call.seen).toEqual([]);
  });

  it("a member the call's host leaves out is initialize's", async () => {
    const { runner, outside } = await runnerOf((pi) => {
      pi.on("agent_start", (_event, ctx) => {
        pi.appendEntry("kept", 1);
        ctx.ui.notify(`model ${ctx.model?.id}`);
      });
    });
    const only: string[] = [];
    await runner.emit({ type: "agent_start" }, { host: { sendMessageHandler: () => only.push("message") } });
    expect(outside).toEqual(["entry kept 1", "notify model outside-model"]);
    expect(only).toEqual([]);
  });
});

describe("runners inside runners, and commands", () => {
  it("a runner's emit inside another's call leaves each runner's hooks their own call", async () => {
    const inner = await runnerOf((pi) => {
      pi.on("agent_start", () => pi.sendMessage({ customType: "t", content: "inner", display: true }));
    });
    const outerHost = recorder("outer");
    const innerHost = recorder("inner");
    let send: (() => void) | undefined;
    const outer = await runnerOf((pi) => {
      send = () =>
        pi.sendMessage({ customType: "t", content: "outer, from inside the inner call", display: true });
      pi.on("agent_start", async () => {
        await inner.runner.emit({ type: "agent_start" }, { host: innerHost.host });
      });
    });
    inner.runner.onError(() => send?.());
    await outer.runner.emit({ type: "agent_start" }, { host: outerHost.host });
    expect(innerHost.seen).toEqual(["message inner"]);
    expect(outerHost.seen).toEqual([]);
    // The outer hook's action made while the inner call runs reaches the outer call.
    await outer.runner.withCall({ host: outerHost.host }, () =>
      inner.runner.withCall({ host: innerHost.host }, () => send?.()),
    );
    expect(outerHost.seen).toEqual(["message outer, from inside the inner call"]);
  });

  it("a command runs as its call: its context and the hook's actions are the call's", async () => {
    const { runner, outside } = await runnerOf((pi) => {
      pi.registerCommand("go", {
        handler: async (_args, ctx) => {
          ctx.ui.notify(`model ${ctx.model?.id}`);
          pi.sendMessage({ customType: "t", content: "from the command", display: true });
          await ctx.newSession();
        },
      });
    });
    const call = recorder("command");
    const host: CallHost = {
      ...call.host,
      newSessionHandler: async () => {
        call.seen.push("new session");
        return { cancelled: false };
      },
    };
    const command = runner.getCommand("go");
    await runner.withCall({ host }, () => command?.handler("", runner.createCommandContext({ host })));
    expect(call.seen).toEqual(["notify model command-model", "message from the command", "new session"]);
    expect(outside).toEqual([]);
    expect(runner.activeCall()).toBeUndefined();
  });
});
