// AbortSignal: an aborted call never starts; an abort mid-run reaches the tool and tool_result still runs.
import type { ToolResultEvent } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { HookToolWrapper } from "../src/index.js";
import { echoTool, runnerWith } from "./helpers.js";

function sleepingTool() {
  return {
    name: "sleep",
    description: "waits until aborted",
    parameters: {},
    execute: (_id: string, _params: Record<string, unknown>, signal?: AbortSignal) =>
      new Promise<never>((_, reject) => {
        const timer = setTimeout(() => reject(new Error("was never aborted")), 10_000);
        signal?.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      }),
  };
}

describe("abort", () => {
  it("does not emit tool_call or run the tool when the signal is already aborted", async () => {
    const calls: string[] = [];
    const tool = echoTool();
    const runner = await runnerWith({
      "audit.ts": (pi) => void pi.on("tool_call", () => void calls.push("tool_call")),
    });
    const controller = new AbortController();
    const reason = new Error("user pressed escape");
    controller.abort(reason);
    await expect(new HookToolWrapper(tool, runner).execute("1", {}, controller.signal)).rejects.toBe(reason);
    expect(calls).toEqual([]);
    expect(tool.calls).toEqual([]);
  });

  it("rejects with an AbortError when aborted before the call without a reason, even with no hooks", async () => {
    const tool = echoTool();
    const controller = new AbortController();
    controller.abort();
    const error = await new HookToolWrapper(tool, await runnerWith({}))
      .execute("1", {}, controller.signal)
      .catch((e) => e);
    expect(error.name).toBe("AbortError");
    expect(tool.calls).toEqual([]);
  });

  it("does not run the tool when the signal aborts while tool_call handlers decide", async () => {
    const tool = echoTool();
    const controller = new AbortController();
    const runner = await runnerWith({
      "slow.ts": (pi) =>
        void pi.on("tool_call", () => void controller.abort(new Error("cancelled mid-hook"))),
    });
    await expect(new HookToolWrapper(tool, runner).execute("1", {}, controller.signal)).rejects.toThrow(
      "cancelled mid-hook",
    );
    expect(tool.calls).toEqual([]);
  });

  it("lets a long tool see the abort, reports it through tool_result and rethrows the tool's error", async () => {
    const seen: ToolResultEvent[] = [];
    const runner = await runnerWith({
      "observe.ts": (pi) => void pi.on("tool_result", (e) => void seen.push(e)),
    });
    const controller = new AbortController();
    const reason = new Error("stopped by user");
    const pending = new HookToolWrapper(sleepingTool(), runner).execute("1", {}, controller.signal);
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
    expect(seen.map((e) => [e.isError, e.content])).toEqual([
      [true, [{ type: "text", text: "stopped by user" }]],
    ]);
  });

  it("passes a partial result a tool returns on abort through tool_result handlers", async () => {
    const runner = await runnerWith({
      "tag.ts": (pi) =>
        void pi.on("tool_result", (e) => ({ content: [...e.content, { type: "text", text: "(tagged)" }] })),
    });
    const controller = new AbortController();
    const tool = {
      name: "partial",
      description: "",
      parameters: {},
      execute: (_id: string, _p: Record<string, unknown>, signal?: AbortSignal) =>
        new Promise<{ content: { type: "text"; text: string }[] }>((resolve) => {
          signal?.addEventListener("abort", () =>
            resolve({ content: [{ type: "text", text: "partial output" }] }),
          );
        }),
    };
    const pending = new HookToolWrapper(tool, runner).execute("1", {}, controller.signal);
    setTimeout(() => controller.abort(), 10);
    await expect(pending).resolves.toEqual({
      content: [
        { type: "text", text: "partial output" },
        { type: "text", text: "(tagged)" },
      ],
      details: undefined,
    });
  });
});
