import { describe, expect, it } from "vitest";
import {
  type AnyHookEvent,
  forTools,
  type HookAPI,
  type HookError,
  type HookEventName,
  HookRunner,
  instantiateHook,
  type LoadedHook,
  type ToolResultEvent,
} from "../src/index.js";

type Setup = (pi: HookAPI, log: string[]) => void;

async function runnerOf(setups: Record<string, Setup>, options: { handlerTimeout?: number } = {}) {
  const log: string[] = [];
  const hooks: LoadedHook[] = [];
  for (const [path, setup] of Object.entries(setups)) {
    hooks.push(await instantiateHook((pi) => setup(pi, log), { path, cwd: "/project" }));
  }
  const runner = new HookRunner(hooks, { cwd: "/project", ...options });
  const errors: HookError[] = [];
  runner.onError((error) => errors.push(error));
  return { runner, log, errors, errorsAt: () => errors.map((e) => `${e.hookPath}: ${e.error}`) };
}

const toolCall = { type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "ls" } } as const;
const toolResult: ToolResultEvent = {
  type: "tool_result",
  toolName: "read",
  toolCallId: "c2",
  input: { path: "a.txt" },
  content: [{ type: "text", text: "API_KEY=123 hello" }],
  details: { size: 17 },
  isError: false,
};

describe("conformance matrix: every event kind with handlers returning nothing, a result, throwing and stopping", () => {
  // Three hooks: the first returns nothing, the second returns a result, the third throws.
  // For each event kind the combined outcome, the call order and the reported errors are exact.
  const cases: Array<{
    name: string;
    event: AnyHookEvent;
    result: unknown;
    expected: unknown;
  }> = [
    {
      name: "series (session_start)",
      event: { type: "session_start" },
      result: { ignored: true },
      expected: undefined,
    },
    {
      name: "series (agent_end)",
      event: { type: "agent_end", messages: [] },
      result: { x: 1 },
      expected: undefined,
    },
    {
      name: "series (turn_start)",
      event: { type: "turn_start", turnIndex: 0, timestamp: 1 },
      result: { x: 1 },
      expected: undefined,
    },
    {
      name: "last result kept (session_before_switch)",
      event: { type: "session_before_switch", reason: "new" },
      result: { cancel: false },
      expected: { cancel: false },
    },
    {
      name: "last result kept (session_before_branch)",
      event: { type: "session_before_branch", entryId: "e1" },
      result: { skipConversationRestore: true },
      expected: { skipConversationRestore: true },
    },
    {
      name: "last wins (session.compacting)",
      event: { type: "session.compacting", sessionId: "s", messages: [] },
      result: { prompt: "p" },
      expected: { prompt: "p" },
    },
    {
      name: "chained (context)",
      event: { type: "context", messages: [{ role: "user", content: "a" }] },
      result: { messages: [{ role: "user", content: "b" }] },
      expected: [{ role: "user", content: "b" }],
    },
    {
      name: "first message (before_agent_start)",
      event: { type: "before_agent_start", prompt: "hi" },
      result: { message: { customType: "note", content: "m", display: true } },
      expected: {
        message: { customType: "note", content: "m", display: true },
        messages: [{ customType: "note", content: "m", display: true }],
      },
    },
    {
      name: "last result kept (session_before_fork)",
      event: { type: "session_before_fork", entryId: "e1", position: "before" },
      result: { skipConversationRestore: true },
      expected: { skipConversationRestore: true },
    },
    {
      name: "transform chain (input)",
      event: { type: "input", text: "hi", source: "interactive" },
      result: { action: "transform", text: "HI" },
      expected: { action: "transform", text: "HI", images: undefined },
    },
    {
      name: "chained payload (before_provider_request)",
      event: { type: "before_provider_request", payload: { model: "m" } },
      result: { model: "m", temperature: 0 },
      expected: { model: "m", temperature: 0 },
    },
    {
      name: "chained message (message_end)",
      event: { type: "message_end", message: { role: "user", content: "a" } },
      result: { message: { role: "user", content: "b" } },
      expected: { role: "user", content: "b" },
    },
    {
      name: "collected paths (resources_discover)",
      event: { type: "resources_discover", cwd: "/", reason: "startup" },
      result: { skillPaths: ["/s"] },
      expected: { skillPaths: [{ path: "/s", hookPath: "b.ts" }], promptPaths: [], themePaths: [] },
    },
    {
      name: "series (model_select)",
      event: {
        type: "model_select",
        model: { provider: "p", id: "m" },
        previousModel: undefined,
        source: "set",
      },
      result: { x: 1 },
      expected: undefined,
    },
    {
      name: "series (tool_execution_end)",
      event: { type: "tool_execution_end", toolCallId: "c", toolName: "bash", result: {}, isError: false },
      result: { x: 1 },
      expected: undefined,
    },
    {
      name: "chained overrides (tool_result)",
      event: toolResult,
      result: { content: [{ type: "text", text: "x" }] },
      expected: {
        content: [{ type: "text", text: "x" }],
        details: { size: 17 },
        isError: false,
        modified: true,
        additionalContext: [],
      },
    },
  ];

  it.each(cases)(
    "$name: runs all three in order, combines, reports the throw",
    async ({ event, result, expected }) => {
      const { runner, log, errorsAt } = await runnerOf({
        "a.ts": (pi, log) => pi.on(event.type as HookEventName, () => void log.push("a")),
        "b.ts": (pi, log) =>
          pi.on(event.type as HookEventName, () => {
            log.push("b");
            return result as never;
          }),
        "c.ts": (pi, log) =>
          pi.on(event.type as HookEventName, () => {
            log.push("c");
            throw new Error("c broke");
          }),
      });
      expect(await runner.emit(event)).toEqual(expected);
      expect(log).toEqual(["a", "b", "c"]);
      expect(errorsAt()).toEqual(["c.ts: c broke"]);
    },
  );

  it.each([
    { type: "session_before_switch", reason: "new" },
    { type: "session_before_branch", entryId: "e" },
    { type: "session_before_compact", preparation: {}, branchEntries: [] },
    { type: "session_before_tree", preparation: {} },
  ] as AnyHookEvent[])("$type: cancel: true stops at once and is the result", async (event) => {
    const { runner, log, errors } = await runnerOf({
      "a.ts": (pi, log) =>
        pi.on(event.type as HookEventName, () => {
          log.push("a");
          return { cancel: false } as never;
        }),
      "b.ts": (pi, log) =>
        pi.on(event.type as HookEventName, () => {
          log.push("b");
          return { cancel: true } as never;
        }),
      "c.ts": (pi, log) => pi.on(event.type as HookEventName, () => void log.push("c")),
    });
    expect(await runner.emit(event)).toEqual({ cancel: true });
    expect(log).toEqual(["a", "b"]);
    expect(errors).toEqual([]);
  });

  it("session.compacting keeps the last result and never stops early", async () => {
    const { runner, log } = await runnerOf({
      "a.ts": (pi, log) =>
        pi.on("session.compacting", () => {
          log.push("a");
          return { prompt: "first", context: ["x"] };
        }),
      "b.ts": (pi, log) =>
        pi.on("session.compacting", () => {
          log.push("b");
          return { prompt: "second" };
        }),
      "c.ts": (pi, log) => pi.on("session.compacting", () => void log.push("c")),
    });
    expect(await runner.emit({ type: "session.compacting", sessionId: "s", messages: [] })).toEqual({
      prompt: "second",
    });
    expect(log).toEqual(["a", "b", "c"]);
  });

  it("context hands each handler the messages returned by the previous one", async () => {
    const seen: number[] = [];
    const { runner } = await runnerOf({
      "drop-debug.ts": (pi) =>
        pi.on("context", (e) => ({
          messages: e.messages.filter((m) => !(m.role === "custom" && m.customType === "debug-only")),
        })),
      "count.ts": (pi) =>
        pi.on("context", (e) => {
          seen.push(e.messages.length);
        }),
      "append.ts": (pi) =>
        pi.on("context", (e) => ({ messages: [...e.messages, { role: "user", content: "tail" }] })),
    });
    const messages = await runner.emitContext([
      { role: "user", content: "keep" },
      { role: "custom", customType: "debug-only", content: "drop", display: false },
    ]);
    expect(seen).toEqual([1]);
    expect(messages).toEqual([
      { role: "user", content: "keep" },
      { role: "user", content: "tail" },
    ]);
  });

  it("before_agent_start keeps the first message while the later handlers still run", async () => {
    const { runner, log } = await runnerOf({
      "a.ts": (pi, log) =>
        pi.on("before_agent_start", () => {
          log.push("a");
          return { message: { customType: "first", content: "1", display: true } };
        }),
      "b.ts": (pi, log) =>
        pi.on("before_agent_start", () => {
          log.push("b");
          return { message: { customType: "second", content: "2", display: true } };
        }),
    });
    expect(await runner.emitBeforeAgentStart("hello")).toEqual({
      message: { customType: "first", content: "1", display: true },
      messages: [
        { customType: "first", content: "1", display: true },
        { customType: "second", content: "2", display: true },
      ],
    });
    expect(log).toEqual(["a", "b"]);
  });

  it("before_agent_start stops at a block and keeps the message found so far", async () => {
    const { runner, log } = await runnerOf({
      "a.ts": () => {},
      "b.ts": (pi, log) =>
        pi.on("before_agent_start", () => {
          log.push("b");
          return { message: { customType: "m", content: "x", display: false } };
        }),
      "c.ts": (pi, log) =>
        pi.on("before_agent_start", () => {
          log.push("c");
          return { block: true, reason: "prompt refused" };
        }),
      "d.ts": (pi, log) => pi.on("before_agent_start", () => void log.push("d")),
    });
    expect(await runner.emitBeforeAgentStart("hello")).toEqual({
      message: { customType: "m", content: "x", display: false },
      messages: [{ customType: "m", content: "x", display: false }],
      block: true,
      reason: "prompt refused",
    });
    expect(log).toEqual(["b", "c"]);
  });
});

describe("tool_call", () => {
  it("stops at the first handler that blocks", async () => {
    const { runner, log } = await runnerOf({
      "a.ts": (pi, log) => pi.on("tool_call", () => void log.push("a")),
      "b.ts": (pi, log) =>
        pi.on("tool_call", () => {
          log.push("b");
          return { block: true, reason: "no rm" };
        }),
      "c.ts": (pi, log) =>
        pi.on("tool_call", () => {
          log.push("c");
          return { block: true, reason: "too late" };
        }),
    });
    const outcome = await runner.emitToolCall(toolCall);
    expect(outcome).toMatchObject({ block: true, reason: "no rm", blockedBy: "b.ts" });
    expect(log).toEqual(["a", "b"]);
  });

  it("chains input rewrites, and a handler returning nothing never erases one", async () => {
    const seen: unknown[] = [];
    const { runner } = await runnerOf({
      "prefix.ts": (pi) => pi.on("tool_call", (e) => ({ input: { command: `set -e; ${e.input.command}` } })),
      "silent.ts": (pi) =>
        pi.on("tool_call", (e) => {
          seen.push(e.input.command);
          return {};
        }),
      "suffix.ts": (pi) => pi.on("tool_call", (e) => ({ input: { command: `${e.input.command} | head` } })),
    });
    const outcome = await runner.emitToolCall(toolCall);
    expect(seen).toEqual(["set -e; ls"]);
    expect(outcome).toEqual({
      block: false,
      input: { command: "set -e; ls | head" },
      inputModified: true,
      additionalContext: [],
    });
  });

  it("collects additionalContext in order, attributed to each hook", async () => {
    const { runner } = await runnerOf({
      "a.ts": (pi) => pi.on("tool_call", () => ({ additionalContext: "from a" })),
      "b.ts": (pi) =>
        pi.on("tool_call", () => ({
          additionalContext: [
            { hookPath: "settings.json#hooks.PreToolUse[0].hooks[0]", text: "from settings" },
            { hookPath: "", text: "" },
          ],
        })),
      "c.ts": (pi) => pi.on("tool_call", () => ({ additionalContext: "from c" })),
    });
    expect((await runner.emitToolCall(toolCall)).additionalContext).toEqual([
      { hookPath: "a.ts", text: "from a" },
      { hookPath: "settings.json#hooks.PreToolUse[0].hooks[0]", text: "from settings" },
      { hookPath: "c.ts", text: "from c" },
    ]);
  });

  it("ranks permission verdicts defer > ask > allow and treats deny as a block", async () => {
    const { runner } = await runnerOf({
      "allow.ts": (pi) => pi.on("tool_call", () => ({ permission: "allow" })),
      "ask.ts": (pi) => pi.on("tool_call", () => ({ permission: "ask", reason: "check" })),
      "allow2.ts": (pi) => pi.on("tool_call", () => ({ permission: "allow" })),
    });
    expect((await runner.emitToolCall(toolCall)).permission).toEqual({
      decision: "ask",
      reason: "check",
      hookPath: "ask.ts",
    });
    const deny = await runnerOf({
      "defer.ts": (pi) => pi.on("tool_call", () => ({ permission: "defer" })),
      "deny.ts": (pi) => pi.on("tool_call", () => ({ permission: "deny", reason: "policy" })),
    });
    expect(await deny.runner.emitToolCall(toolCall)).toMatchObject({
      block: true,
      reason: "policy",
      blockedBy: "deny.ts",
      permission: { decision: "defer", hookPath: "defer.ts" },
    });
  });

  it("credits a block or verdict to the handler a bridge names in decidedBy", async () => {
    const bridge = (decidedBy: string) => ({ permission: "ask" as const, decidedBy });
    const { runner } = await runnerOf({
      "settings.ts": (pi) =>
        pi.on("tool_call", () => bridge(".claude/settings.json#hooks.PreToolUse[0].hooks[1]")),
    });
    expect((await runner.emitToolCall(toolCall)).permission?.hookPath).toBe(
      ".claude/settings.json#hooks.PreToolUse[0].hooks[1]",
    );
    const blocked = await runnerOf({
      "settings.ts": (pi) =>
        pi.on("tool_call", () => ({ block: true, decidedBy: "a.json#hooks.PreToolUse[2].hooks[0]" })),
    });
    expect((await blocked.runner.emitToolCall(toolCall)).blockedBy).toBe(
      "a.json#hooks.PreToolUse[2].hooks[0]",
    );
  });

  it("lets a handler error propagate, naming the hook, without running later handlers", async () => {
    const { runner, log, errors } = await runnerOf({
      "a.ts": (pi, log) =>
        pi.on("tool_call", () => {
          log.push("a");
          throw new TypeError("cannot read input");
        }),
      "b.ts": (pi, log) => pi.on("tool_call", () => void log.push("b")),
    });
    const error = await runner.emitToolCall(toolCall).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "HookError",
      code: "HOOK_HANDLER_FAILED",
      hookPath: "a.ts",
      event: "tool_call",
    });
    expect((error as Error).message).toMatchInlineSnapshot(
      `"Hook \`a.ts\` failed on "tool_call": cannot read input"`,
    );
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(log).toEqual(["a"]);
    expect(errors).toEqual([]);
  });

  it("returns the original input untouched when there are no handlers", async () => {
    const { runner } = await runnerOf({});
    const outcome = await runner.emitToolCall(toolCall);
    expect(outcome.input).toBe(toolCall.input);
    expect(outcome).toEqual({
      block: false,
      input: toolCall.input,
      inputModified: false,
      additionalContext: [],
    });
  });
});

describe("tool_result", () => {
  it("chains overrides so a later formatter cannot undo an earlier redaction", async () => {
    const { runner } = await runnerOf({
      "redact.ts": (pi) =>
        pi.on("tool_result", (e) => ({
          content: e.content.map((c) =>
            c.type === "text" ? { ...c, text: c.text.replaceAll(/API_KEY=\S+/g, "API_KEY=[REDACTED]") } : c,
          ),
        })),
      "details.ts": (pi) => pi.on("tool_result", () => ({ details: { redacted: true } })),
      "format.ts": (pi) =>
        pi.on("tool_result", (e) => ({
          content: e.content.map((c) => (c.type === "text" ? { ...c, text: `> ${c.text}` } : c)),
          additionalContext: "formatted",
        })),
    });
    expect(await runner.emit(toolResult)).toEqual({
      content: [{ type: "text", text: "> API_KEY=[REDACTED] hello" }],
      details: { redacted: true },
      isError: false,
      modified: true,
      additionalContext: [{ hookPath: "format.ts", text: "formatted" }],
    });
  });

  it("reports a handler error and keeps the overrides of the others", async () => {
    const { runner, errorsAt } = await runnerOf({
      "a.ts": (pi) => pi.on("tool_result", () => ({ isError: true })),
      "b.ts": (pi) =>
        pi.on("tool_result", async () => {
          throw new Error("async failure");
        }),
    });
    expect(await runner.emit(toolResult)).toMatchObject({ isError: true, modified: true });
    expect(errorsAt()).toEqual(["b.ts: async failure"]);
  });
});

describe("errors and results", () => {
  it("reports a non-object result as an error and ignores it", async () => {
    const { runner, errors } = await runnerOf({
      "num.ts": (pi) => pi.on("context", () => 42 as never),
      "ok.ts": (pi) => pi.on("context", () => ({ messages: [] })),
    });
    expect(await runner.emitContext([{ role: "user", content: "x" }])).toEqual([]);
    expect(errors.map((e) => [e.code, e.message])).toMatchInlineSnapshot(`
      [
        [
          "HOOK_INVALID_RESULT",
          "Hook \`num.ts\` failed on "context": handler returned number; expected an object or nothing. The result was ignored.",
        ],
      ]
    `);
  });

  it("counts a handler that never settles as failed after the host's timeout, and goes on", async () => {
    const { runner, log, errors } = await runnerOf(
      {
        "hang.ts": (pi) => pi.on("session_shutdown", () => new Promise<undefined>(() => {})),
        "next.ts": (pi, log) => pi.on("session_shutdown", () => void log.push("next")),
      },
      { handlerTimeout: 50 },
    );
    await runner.emit({ type: "session_shutdown" });
    expect(log).toEqual(["next"]);
    expect(errors.map((e) => [e.code, e.hookPath, e.error])).toEqual([
      ["HOOK_TIMEOUT", "hang.ts", "handler did not settle within 50 ms"],
    ]);
  });

  it("blocks a tool call whose handler times out", async () => {
    const { runner } = await runnerOf(
      { "hang.ts": (pi) => pi.on("tool_call", () => new Promise(() => {})) },
      {
        handlerTimeout: 30,
      },
    );
    await expect(runner.emitToolCall(toolCall)).rejects.toMatchObject({
      code: "HOOK_TIMEOUT",
      hookPath: "hang.ts",
    });
  });

  it("stops notifying an error listener after it unsubscribes", async () => {
    const { runner } = await runnerOf({
      "a.ts": (pi) =>
        pi.on("agent_start", () => {
          throw new Error("x");
        }),
    });
    const seen: string[] = [];
    const off = runner.onError((e) => seen.push(e.hookPath));
    await runner.emit({ type: "agent_start" });
    off();
    await runner.emit({ type: "agent_start" });
    expect(seen).toEqual(["a.ts"]);
  });
});

describe("handler shapes", () => {
  it("treats sync and async handlers, thenables and synchronous throws alike at any position", async () => {
    const { runner, log, errorsAt } = await runnerOf({
      "async.ts": (pi, log) =>
        pi.on("tool_result", async () => {
          log.push("async");
        }),
      "sync-throw.ts": (pi, log) =>
        pi.on("tool_result", () => {
          log.push("sync-throw");
          throw new Error("sync");
        }),
      "thenable.ts": (pi, log) =>
        pi.on("tool_result", () => {
          log.push("thenable");
          // biome-ignore lint/suspicious/noThenProperty: a hand-made thenable is the case under test.
          return { then: (resolve: (v: unknown) => void) => resolve({ details: "from thenable" }) } as never;
        }),
      "sync-result.ts": (pi, log) =>
        pi.on("tool_result", (e) => {
          log.push(`sync-result saw ${String(e.details)}`);
          return { isError: true };
        }),
      "async-throw.ts": (pi, log) =>
        pi.on("tool_result", async () => {
          log.push("async-throw");
          throw new Error("async");
        }),
    });
    expect(await runner.emit(toolResult)).toMatchObject({
      details: "from thenable",
      isError: true,
      modified: true,
    });
    expect(log).toEqual(["async", "sync-throw", "thenable", "sync-result saw from thenable", "async-throw"]);
    expect(errorsAt()).toEqual(["sync-throw.ts: sync", "async-throw.ts: async"]);
  });

  it("runs the rest once when a hand-made thenable settles twice, and reports one whose then throws", async () => {
    const { runner, log, errorsAt } = await runnerOf({
      "twice.ts": (pi) =>
        pi.on("agent_end", () => {
          const thenable = {
            // biome-ignore lint/suspicious/noThenProperty: a misbehaving thenable is the case under test.
            then(resolve: (v: unknown) => void) {
              resolve(undefined);
              resolve(undefined);
            },
          };
          return thenable as never;
        }),
      "throwing-then.ts": (pi) =>
        pi.on("agent_end", () => {
          const thenable = {
            // biome-ignore lint/suspicious/noThenProperty: a misbehaving thenable is the case under test.
            then() {
              throw new Error("then exploded");
            },
          };
          return thenable as never;
        }),
      "after.ts": (pi, log) => pi.on("agent_end", () => void log.push("after")),
    });
    await runner.emit({ type: "agent_end", messages: [] });
    expect(log).toEqual(["after"]);
    expect(errorsAt()).toEqual(["throwing-then.ts: then exploded"]);
  });

  it("reports handlers that throw or reject with a falsy value instead of treating it as success", async () => {
    const { runner, errorsAt } = await runnerOf({
      "throw-undefined.ts": (pi) =>
        pi.on("session_shutdown", () => {
          throw undefined;
        }),
      "reject-null.ts": (pi) => pi.on("session_shutdown", () => Promise.reject(null)),
      "async-zero.ts": (pi) =>
        pi.on("session_shutdown", async () => {
          throw 0;
        }),
    });
    await runner.emit({ type: "session_shutdown" });
    expect(errorsAt()).toEqual([
      "throw-undefined.ts: handler threw undefined",
      "reject-null.ts: handler threw null",
      "async-zero.ts: handler threw 0",
    ]);
  });

  it("keeps concurrent emits apart", async () => {
    const { runner } = await runnerOf({
      "slow.ts": (pi) =>
        pi.on("tool_call", async (e) => {
          await new Promise((r) => setTimeout(r, Number(e.input.delay)));
          return { input: { ...e.input, seen: e.toolCallId } };
        }),
      "check.ts": (pi) =>
        pi.on("tool_call", (e) => (e.input.seen === e.toolCallId ? undefined : { block: true })),
    });
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        runner.emitToolCall({ toolName: "t", toolCallId: `c${i}`, input: { delay: (i * 7) % 13 } }),
      ),
    );
    expect(outcomes.every((o, i) => !o.block && o.input.seen === `c${i}`)).toBe(true);
  });
});

describe("registration after load", () => {
  it("applies handlers registered inside session_start from the next emit", async () => {
    const { runner, log } = await runnerOf({
      "late.ts": (pi, log) =>
        pi.on("session_start", () => {
          pi.on("session_start", () => void log.push("late"));
          log.push("first");
        }),
    });
    await runner.emit({ type: "session_start" });
    expect(log).toEqual(["first"]);
    await runner.emit({ type: "session_start" });
    expect(log).toEqual(["first", "first", "late"]);
  });

  it("stops following a hook's registrations once disposed", async () => {
    let api: HookAPI | undefined;
    const { runner } = await runnerOf({
      "a.ts": (pi) => {
        api = pi;
      },
    });
    api?.on("agent_start", () => {});
    expect(runner.handlersVersion).toBe(1);
    runner.dispose();
    api?.on("agent_end", () => {});
    expect(runner.handlersVersion).toBe(1);
  });

  it("leaves a handler marked forTools out of hasHandlersFor for other tools, until one unmarked subscribes", async () => {
    let api: HookAPI | undefined;
    const { runner } = await runnerOf({
      "a.ts": (pi) => {
        api = pi;
        pi.on(
          "tool_call",
          forTools(
            () => undefined,
            (name) => name === "write",
          ),
        );
      },
    });
    expect(runner.hasHandlers("tool_call")).toBe(true);
    expect(runner.hasHandlersFor("tool_call", "write")).toBe(true);
    expect(runner.hasHandlersFor("tool_call", "bash")).toBe(false);
    expect(runner.hasHandlersFor("tool_result", "write")).toBe(false);
    api?.on("tool_call", () => undefined);
    expect(runner.hasHandlersFor("tool_call", "bash")).toBe(true);
  });

  it("stops calling a handler once it unsubscribes, and hasHandlers follows", async () => {
    let off = () => {};
    const { runner, log } = await runnerOf({
      "a.ts": (pi, log) => {
        off = pi.on("turn_end", () => void log.push("a"));
      },
    });
    expect(runner.hasHandlers("turn_end")).toBe(true);
    await runner.emit({
      type: "turn_end",
      turnIndex: 0,
      message: { role: "user", content: "" },
      toolResults: [],
    });
    off();
    off();
    expect(runner.hasHandlers("turn_end")).toBe(false);
    expect(runner.handlersVersion).toBe(1);
    await runner.emit({
      type: "turn_end",
      turnIndex: 1,
      message: { role: "user", content: "" },
      toolResults: [],
    });
    expect(log).toEqual(["a"]);
  });
});

describe("tracing", () => {
  it("reports each handler run with its result, error and duration while someone listens", async () => {
    const { runner } = await runnerOf({
      "a.ts": (pi) => pi.on("tool_call", () => ({ input: { command: "pwd" } })),
      "b.ts": (pi) => pi.on("tool_call", () => ({ block: true, reason: "stop" })),
    });
    const traces: unknown[] = [];
    const off = runner.onTrace((t) => traces.push({ ...t, durationMs: typeof t.durationMs }));
    await runner.emitToolCall(toolCall);
    off();
    await runner.emitToolCall(toolCall);
    expect(traces).toEqual([
      { event: "tool_call", hookPath: "a.ts", result: { input: { command: "pwd" } }, durationMs: "number" },
      { event: "tool_call", hookPath: "b.ts", result: { block: true, reason: "stop" }, durationMs: "number" },
    ]);
  });
});

describe("commands, renderers and host wiring", () => {
  it("returns the first loaded command and renderer, and lists all commands without de-duplication", async () => {
    const { runner } = await runnerOf({
      "one.ts": (pi) => {
        pi.registerCommand("handoff", { description: "one", handler: () => {} });
        pi.registerMessageRenderer("note", () => "one");
      },
      "two.ts": (pi) => {
        pi.registerCommand("/handoff", { description: "two", handler: () => {} });
        pi.registerCommand("other", { handler: () => {} });
        pi.registerMessageRenderer("note", () => "two");
      },
    });
    expect(runner.getCommand("handoff")?.description).toBe("one");
    // As in pi: the name is looked up as given, so "/other" is not "other".
    expect(runner.getCommand("other")?.name).toBe("other");
    expect(runner.getCommand("/other")).toBeUndefined();
    expect(runner.getCommand("missing")).toBeUndefined();
    expect(runner.getRegisteredCommands().map((c) => `${c.hookPath}:${c.name}`)).toEqual([
      "one.ts:handoff",
      "two.ts:handoff",
      "two.ts:other",
    ]);
    const render = runner.getMessageRenderer("note");
    expect(
      render?.(
        { role: "custom", customType: "note", content: "", display: true },
        { expanded: false },
        {
          fg: (_c, t) => t,
          bold: (t) => t,
        },
      ),
    ).toBe("one");
    expect(runner.getHookPaths()).toEqual(["one.ts", "two.ts"]);
  });

  it("routes sendMessage and appendEntry to the host once initialized", async () => {
    const { runner } = await runnerOf({
      "a.ts": (pi) =>
        pi.on("agent_end", () => {
          pi.sendMessage({ customType: "summary", content: "done", display: true }, { triggerTurn: true });
          pi.appendEntry("state", { n: 1 });
        }),
    });
    const sent: unknown[] = [];
    runner.initialize({
      sendMessageHandler: (message, options, hookPath) => sent.push(["send", message, options, hookPath]),
      appendEntryHandler: (type, data, hookPath) => sent.push(["entry", type, data, hookPath]),
    });
    await runner.emit({ type: "agent_end", messages: [] });
    expect(sent).toEqual([
      ["send", { customType: "summary", content: "done", display: true }, { triggerTurn: true }, "a.ts"],
      ["entry", "state", { n: 1 }, "a.ts"],
    ]);
  });

  it("tells a hook calling sendMessage before initialize to initialize the runner", async () => {
    const { runner, errors } = await runnerOf({
      "early.ts": (pi) =>
        pi.on("session_start", () => pi.sendMessage({ customType: "x", content: "", display: false })),
    });
    await runner.emit({ type: "session_start" });
    expect(errors.map((e) => e.message)).toMatchInlineSnapshot(`
      [
        "Hook \`early.ts\` failed on "session_start": Hook \`early.ts\` called pi.sendMessage() before the host initialized the runner. Hosts must call runner.initialize({ sendMessageHandler, appendEntryHandler, … }) before emitting events.",
      ]
    `);
  });

  it("gives handlers the host's UI, model and state, and commands the session actions", async () => {
    let seen: unknown;
    const { runner } = await runnerOf({
      "a.ts": (pi) =>
        pi.on("agent_start", async (_e, ctx) => {
          seen = {
            hasUI: ctx.hasUI,
            confirm: await ctx.ui.confirm("t", "m"),
            model: ctx.model?.id,
            idle: ctx.isIdle(),
            queued: ctx.hasQueuedMessages(),
            cwd: ctx.cwd,
            file: ctx.sessionManager.getSessionFile(),
          };
        }),
    });
    await runner.emit({ type: "agent_start" });
    expect(seen).toEqual({
      hasUI: false,
      confirm: false,
      model: undefined,
      idle: true,
      queued: false,
      cwd: "/project",
      file: undefined,
    });

    let model = "m1";
    const calls: string[] = [];
    runner.initialize({
      getModel: () => ({ provider: "p", id: model }),
      sendMessageHandler: () => {},
      appendEntryHandler: () => {},
      isIdle: () => false,
      hasQueuedMessages: () => true,
      newSessionHandler: async (o) => {
        calls.push(`new:${o?.parentSession}`);
        return { cancelled: true };
      },
      uiContext: { ...(await import("../src/index.js")).createNoOpUIContext(), confirm: async () => true },
      hasUI: true,
    });
    model = "m2";
    await runner.emit({ type: "agent_start" });
    expect(seen).toMatchObject({ hasUI: true, confirm: true, model: "m2", idle: false, queued: true });

    const ctx = runner.createCommandContext();
    model = "m3";
    expect(ctx.model?.id).toBe("m3");
    expect(ctx.hasUI).toBe(true);
    expect(await ctx.newSession({ parentSession: "s.jsonl" })).toEqual({ cancelled: true });
    expect(await ctx.branch("e1")).toEqual({ cancelled: false });
    expect(await ctx.navigateTree("e1")).toEqual({ cancelled: false });
    await ctx.waitForIdle();
    expect(calls).toEqual(["new:s.jsonl"]);
  });
});

describe("a call's own context (emit's second argument)", () => {
  it("gives each emit its own hasUI and session, even while another emit is still running, and leaves the runner's alone", async () => {
    const session = (name: string) => ({
      getEntries: () => [],
      getBranch: () => [],
      getLeafEntry: () => undefined,
      getSessionFile: () => name,
    });
    let release: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { runner, log } = await runnerOf({
      "seen.ts": (pi, log) =>
        pi.on("tool_call", async (event, ctx) => {
          if (event.toolCallId === "slow") await first;
          log.push(`${event.toolCallId} hasUI=${ctx.hasUI} session=${ctx.sessionManager.getSessionFile()}`);
        }),
    });
    runner.initialize({ sendMessageHandler: () => {}, appendEntryHandler: () => {}, hasUI: false });
    const slow = runner.emit(
      { ...toolCall, toolCallId: "slow" },
      { hasUI: true, sessionManager: session("a") },
    );
    await runner.emit({ ...toolCall, toolCallId: "fast" }, { hasUI: false, sessionManager: session("b") });
    release();
    await slow;
    await runner.emit({ ...toolCall, toolCallId: "plain" });
    expect(log).toEqual([
      "fast hasUI=false session=b",
      "slow hasUI=true session=a",
      "plain hasUI=false session=undefined",
    ]);
    expect(runner.createContext().hasUI).toBe(false);
  });

  it("createContext makes a context of its own each time: one changed leaves the next as it was", async () => {
    const { runner } = await runnerOf({});
    runner.initialize({ hasUI: true, sendMessageHandler: () => {}, appendEntryHandler: () => {} });
    const first = runner.createContext();
    (first as { hasUI: boolean }).hasUI = false;
    expect(runner.createContext().hasUI).toBe(true);
    expect(runner.createContext({ hasUI: false }).hasUI).toBe(false);
    expect(runner.createContext()).not.toBe(runner.createContext());
  });
});
