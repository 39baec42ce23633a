// The seed's tool interception flow, arrow by arrow, through real hooks and a real runner.
import { HookError, isHookwireError, type ToolResult, type ToolResultEvent } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { HookToolWrapper, ToolBlockedError, ToolFailedError, wrapTools } from "../src/index.js";
import { echoTool, runnerRecordingResultText, runnerWith, texts } from "./helpers.js";

describe("HookToolWrapper", () => {
  it("exposes the wrapped tool's name, label, description and parameters unchanged", async () => {
    const tool = echoTool();
    const wrapped = new HookToolWrapper(tool, await runnerWith({}));
    expect(wrapped.name).toBe("echo");
    expect(wrapped.label).toBe("Echo");
    expect(wrapped.description).toBe(tool.description);
    expect(wrapped.parameters).toBe(tool.parameters);
  });

  it("with no handlers, hands the tool the caller's params and returns the tool's own result object", async () => {
    const result: ToolResult = { content: [{ type: "text", text: "ok" }] };
    const seen: unknown[] = [];
    const wrapped = new HookToolWrapper(
      {
        name: "t",
        description: "",
        parameters: {},
        execute: async (_id, params, signal, onUpdate, context) => {
          seen.push(params, signal, onUpdate, context);
          return result;
        },
      },
      await runnerWith({ ".pi/hooks/other.ts": (pi) => void pi.on("session_start", () => {}) }),
    );
    const params = { a: 1 };
    const signal = new AbortController().signal;
    const onUpdate = () => {};
    const context = { host: true };
    await expect(wrapped.execute("id", params, signal, onUpdate, context)).resolves.toBe(result);
    expect(seen[0]).toBe(params);
    expect(seen[1]).toBe(signal);
    expect(seen[2]).toBe(onUpdate);
    expect(seen[3]).toBe(context);
  });

  it("emits tool_call with the tool name, call id and input before the tool runs", async () => {
    const order: string[] = [];
    const events: unknown[] = [];
    const runner = await runnerWith({
      ".pi/hooks/audit.ts": (pi) => {
        pi.on("tool_call", (event) => {
          order.push("tool_call");
          events.push(event);
        });
      },
    });
    const wrapped = new HookToolWrapper(
      {
        name: "bash",
        description: "",
        parameters: {},
        execute: async () => {
          order.push("tool");
          return { content: [] };
        },
      },
      runner,
    );
    await wrapped.execute("call-1", { command: "ls" });
    expect(order).toEqual(["tool_call", "tool"]);
    expect(events).toEqual([
      { type: "tool_call", toolName: "bash", toolCallId: "call-1", input: { command: "ls" } },
    ]);
  });

  it("throws the block reason and does not run the tool when a handler blocks", async () => {
    const tool = echoTool();
    const runner = await runnerWith({
      ".pi/hooks/guard.ts": (pi) => void pi.on("tool_call", () => ({ block: true, reason: "no echo today" })),
    });
    const error = await new HookToolWrapper(tool, runner).execute("1", { text: "hi" }).catch((e) => e);
    expect(error).toBeInstanceOf(ToolBlockedError);
    expect(error.message).toBe("no echo today");
    expect(error.code).toBe("TOOL_BLOCKED");
    expect(error.toolName).toBe("echo");
    expect(error.hookPath).toBe(".pi/hooks/guard.ts");
    expect(error.reason).toBe("no echo today");
    expect(isHookwireError(error)).toBe(true);
    expect(tool.calls).toHaveLength(0);
  });

  it('uses "Tool execution was blocked by a hook" when a block gives no reason', async () => {
    const tool = echoTool();
    const runner = await runnerWith({ "guard.ts": (pi) => void pi.on("tool_call", () => ({ block: true })) });
    await expect(
      new HookToolWrapper(tool, runner).execute("1", {}),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`[ToolBlockedError: Tool execution was blocked by a hook]`);
    expect(tool.calls).toHaveLength(0);
  });

  it("stops at the first handler that blocks: later tool_call handlers do not run", async () => {
    const ran: string[] = [];
    const runner = await runnerWith({
      "first.ts": (pi) => void pi.on("tool_call", () => void ran.push("first")),
      "blocker.ts": (pi) =>
        void pi.on("tool_call", () => {
          ran.push("blocker");
          return { block: true, reason: "stop" };
        }),
      "last.ts": (pi) => void pi.on("tool_call", () => void ran.push("last")),
    });
    await expect(new HookToolWrapper(echoTool(), runner).execute("1", {})).rejects.toThrow("stop");
    expect(ran).toEqual(["first", "blocker"]);
  });

  it("fails safe when a tool_call handler throws: the tool does not run and the error names the hook", async () => {
    const tool = echoTool();
    const runner = await runnerWith({
      ".pi/hooks/broken.ts": (pi) =>
        void pi.on("tool_call", () => {
          throw new Error("cannot read policy file");
        }),
    });
    const error = await new HookToolWrapper(tool, runner).execute("1", {}).catch((e) => e);
    expect(tool.calls).toHaveLength(0);
    expect(error).toBeInstanceOf(ToolBlockedError);
    expect(error.hookPath).toBe(".pi/hooks/broken.ts");
    expect(error.cause).toBeInstanceOf(HookError);
    expect(error.message).toMatchInlineSnapshot(
      `"Hook \`.pi/hooks/broken.ts\` failed on "tool_call": cannot read policy file"`,
    );
  });

  it("runs the tool with the input a handler returned", async () => {
    const tool = echoTool();
    const runner = await runnerWith({
      "rewrite.ts": (pi) => void pi.on("tool_call", (e) => ({ input: { ...e.input, text: "rewritten" } })),
    });
    const result = await new HookToolWrapper(tool, runner).execute("1", { text: "original", n: 1 });
    expect(tool.calls[0]?.params).toEqual({ text: "rewritten", n: 1 });
    expect(texts(result)).toEqual(['{"text":"rewritten","n":1}']);
  });

  it("emits tool_result after success with the input the tool ran with, its content and details", async () => {
    const seen: ToolResultEvent[] = [];
    const runner = await runnerWith({
      "rewrite.ts": (pi) => void pi.on("tool_call", () => ({ input: { text: "b" } })),
      "observe.ts": (pi) => void pi.on("tool_result", (e) => void seen.push(e)),
    });
    await new HookToolWrapper(echoTool(), runner).execute("call-9", { text: "a" });
    expect(seen).toEqual([
      {
        type: "tool_result",
        toolName: "echo",
        toolCallId: "call-9",
        input: { text: "b" },
        content: [{ type: "text", text: '{"text":"b"}' }],
        details: { echoed: { text: "b" } },
        isError: false,
      },
    ]);
  });

  it("returns the content and details a tool_result handler replaced", async () => {
    const runner = await runnerWith({
      "override.ts": (pi) =>
        void pi.on("tool_result", () => ({
          content: [{ type: "text", text: "replaced" }],
          details: { by: "hook" },
        })),
    });
    const result = await new HookToolWrapper(echoTool(), runner).execute("1", { text: "x" });
    expect(result).toEqual({ content: [{ type: "text", text: "replaced" }], details: { by: "hook" } });
  });

  it("keeps the tool's result when tool_result handlers return nothing", async () => {
    const runner = await runnerWith({ "quiet.ts": (pi) => void pi.on("tool_result", () => undefined) });
    const result = await new HookToolWrapper(echoTool(), runner).execute("1", { text: "x" });
    expect(result).toEqual({
      content: [{ type: "text", text: '{"text":"x"}' }],
      details: { echoed: { text: "x" } },
    });
  });

  it("on failure emits tool_result with isError and the error text, then rethrows the same error object", async () => {
    const seen: ToolResultEvent[] = [];
    const failure = new Error("disk full");
    const runner = await runnerWith({
      "observe.ts": (pi) =>
        void pi.on("tool_result", (e) => {
          seen.push(e);
          // A failure cannot be turned into a success: the error path rethrows whatever hooks return.
          return { content: [{ type: "text", text: "all good" }], isError: false };
        }),
    });
    const wrapped = new HookToolWrapper(
      {
        name: "write",
        description: "",
        parameters: {},
        execute: async () => {
          throw failure;
        },
      },
      runner,
    );
    const thrown = await wrapped.execute("c", { path: "a.txt" }).catch((e) => e);
    expect(thrown).toBe(failure);
    expect(seen).toEqual([
      {
        type: "tool_result",
        toolName: "write",
        toolCallId: "c",
        input: { path: "a.txt" },
        content: [{ type: "text", text: "disk full" }],
        details: undefined,
        isError: true,
      },
    ]);
  });

  it("on failure with context from tool_result hooks, throws ToolFailedError: the tool's text, then the context", async () => {
    const failure = new Error("Exit code 3");
    const runner = await runnerWith({
      "explain.ts": (pi) =>
        void pi.on("tool_result", (e) =>
          e.isError ? { additionalContext: "the build needs `pnpm install` first" } : undefined,
        ),
    });
    const wrapped = new HookToolWrapper(
      { name: "bash", description: "", parameters: {}, execute: () => Promise.reject(failure) },
      runner,
    );
    const thrown = await wrapped.execute("c", { command: "make" }).catch((e) => e);
    expect(thrown).toBeInstanceOf(ToolFailedError);
    expect(thrown).toMatchObject({ code: "TOOL_FAILED", toolName: "bash", cause: failure });
    expect(thrown.message).toMatchInlineSnapshot(`
      "Exit code 3
      [hook explain.ts] the build needs \`pnpm install\` first"
    `);
  });

  it("rethrows the same non-Error value a tool throws, with its text in tool_result", async () => {
    const { runner, seen } = await runnerRecordingResultText();
    const thrownValue = { message: "plain object failure", code: 7 };
    const wrapped = new HookToolWrapper(
      {
        name: "t",
        description: "",
        parameters: {},
        execute: () => Promise.reject(thrownValue),
      },
      runner,
    );
    await expect(wrapped.execute("c", {})).rejects.toBe(thrownValue);
    expect(seen).toEqual(["plain object failure"]);
  });

  it("rethrows the tool's error even when no hook handles tool_result", async () => {
    const failure = new TypeError("bad params");
    const runner = await runnerWith({ "call.ts": (pi) => void pi.on("tool_call", () => undefined) });
    const wrapped = new HookToolWrapper(
      { name: "t", description: "", parameters: {}, execute: () => Promise.reject(failure) },
      runner,
    );
    await expect(wrapped.execute("c", {})).rejects.toBe(failure);
  });

  it("forwards onUpdate: partial results reach the caller while the tool runs", async () => {
    const runner = await runnerWith({ "observe.ts": (pi) => void pi.on("tool_call", () => undefined) });
    const updates: string[] = [];
    const wrapped = new HookToolWrapper(
      {
        name: "stream",
        description: "",
        parameters: {},
        async execute(_id, _params, _signal, onUpdate) {
          for (const step of ["1/3", "2/3", "3/3"]) onUpdate?.({ content: [{ type: "text", text: step }] });
          return { content: [{ type: "text", text: "done" }] };
        },
      },
      runner,
    );
    await wrapped.execute("c", {}, undefined, (partial) => updates.push(texts(partial).join()));
    expect(updates).toEqual(["1/3", "2/3", "3/3"]);
  });

  it("forwards the signal and the host context to the tool on the hooked path", async () => {
    const tool = echoTool();
    const runner = await runnerWith({ "observe.ts": (pi) => void pi.on("tool_result", () => undefined) });
    const signal = new AbortController().signal;
    const context = { session: "s1" };
    await new HookToolWrapper(tool, runner).execute("c", {}, signal, undefined, context);
    expect(tool.calls[0]?.signal).toBe(signal);
    expect(tool.calls[0]?.context).toBe(context);
  });

  it("appends additionalContext from tool_call and tool_result handlers as text parts naming their hook", async () => {
    const runner = await runnerWith({
      ".pi/hooks/lint.ts": (pi) =>
        void pi.on("tool_call", () => ({ additionalContext: "run the linter after edits" })),
      ".claude/settings.json#PostToolUse": (pi) =>
        void pi.on("tool_result", () => ({
          additionalContext: [
            { hookPath: ".claude/settings.json hooks.PostToolUse[0].hooks[0]", text: "formatted" },
          ],
        })),
      ".pi/hooks/note.ts": (pi) => void pi.on("tool_result", () => ({ additionalContext: "2 warnings" })),
    });
    const result = await new HookToolWrapper(echoTool(), runner).execute("1", { text: "x" });
    expect(texts(result)).toMatchInlineSnapshot(`
      [
        "{"text":"x"}",
        "[hook .pi/hooks/lint.ts] run the linter after edits",
        "[hook .claude/settings.json hooks.PostToolUse[0].hooks[0]] formatted",
        "[hook .pi/hooks/note.ts] 2 warnings",
      ]
    `);
  });

  it("appends tool_call additionalContext even when no hook handles tool_result", async () => {
    const runner = await runnerWith({
      "ctx.ts": (pi) => void pi.on("tool_call", () => ({ additionalContext: "remember the style guide" })),
    });
    const result = await new HookToolWrapper(echoTool(), runner).execute("1", {});
    expect(texts(result)).toEqual(["{}", "[hook ctx.ts] remember the style guide"]);
  });

  it("picks up handlers registered after the wrapper was built", async () => {
    let register: (() => void) | undefined;
    const runner = await runnerWith({
      "late.ts": (pi) => {
        register = () => void pi.on("tool_call", () => ({ block: true, reason: "late block" }));
      },
    });
    const wrapped = new HookToolWrapper(echoTool(), runner);
    await expect(wrapped.execute("1", {})).resolves.toBeDefined();
    register?.();
    await expect(wrapped.execute("2", {})).rejects.toThrow("late block");
  });

  it("stops running a handler once it unsubscribes", async () => {
    let off: (() => void) | undefined;
    const runner = await runnerWith({
      "gate.ts": (pi) => {
        off = pi.on("tool_call", () => ({ block: true, reason: "gate closed" }));
      },
    });
    const wrapped = new HookToolWrapper(echoTool(), runner);
    await expect(wrapped.execute("1", {})).rejects.toThrow("gate closed");
    off?.();
    await expect(wrapped.execute("2", {})).resolves.toBeDefined();
  });
});

describe("wrapTools", () => {
  it("wraps every tool in order with the same runner", async () => {
    const runner = await runnerWith({
      "guard.ts": (pi) =>
        void pi.on("tool_call", (e) =>
          e.toolName === "b" ? { block: true, reason: "b is off" } : undefined,
        ),
    });
    const [a, b] = wrapTools([echoTool("a"), echoTool("b")], runner);
    expect([a?.name, b?.name]).toEqual(["a", "b"]);
    await expect(a?.execute("1", {})).resolves.toBeDefined();
    await expect(b?.execute("2", {})).rejects.toThrow("b is off");
  });
});
