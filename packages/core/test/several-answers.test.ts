// A handler that answers several times: each answer folded once into the emit, kept only when the handler succeeds.
import { describe, expect, it } from "vitest";
import {
  type HookAPI,
  type HookError,
  HookRunner,
  type HookTrace,
  instantiateHook,
  type ToolResultEvent,
} from "../src/index.js";
import { type Answers, severalAnswers } from "../src/internal.js";

const call = { type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "ls" } } as const;
const result: ToolResultEvent = {
  type: "tool_result",
  toolName: "bash",
  toolCallId: "c1",
  input: { command: "ls" },
  content: [{ type: "text", text: "a" }],
  details: undefined,
  isError: false,
};

type Setup = (pi: HookAPI) => void;

async function runnerOf(setups: Record<string, Setup>, handlerTimeout = 0) {
  const hooks = [];
  for (const [path, setup] of Object.entries(setups))
    hooks.push(await instantiateHook(setup, { path, cwd: "/project" }));
  const runner = new HookRunner(hooks, { cwd: "/project", handlerTimeout });
  const errors: string[] = [];
  runner.onError((error: HookError) => errors.push(`${error.hookPath}: ${error.error}`));
  const traces: HookTrace[] = [];
  runner.onTrace((trace) => traces.push(trace));
  return { runner, errors, traces };
}

/** A bridge-like hook: answers `list` in turn on tool_call, then does `after` (throw, hang, nothing). */
function answering(
  list: object[],
  after: "nothing" | "throw" | "hang" = "nothing",
  seen: unknown[] = [],
): Setup {
  return (pi) =>
    pi.on(
      "tool_call",
      severalAnswers(async (_event: unknown, _ctx, answers: Answers) => {
        for (const answer of list) {
          seen.push(structuredClone(answers.event));
          if (answers.add(answer)) return;
        }
        if (after === "throw") throw new Error("bridge broke");
        if (after === "hang") await new Promise(() => {});
      }) as never,
    );
}

describe("a several-answers handler", () => {
  it("chains each answer into the next, and the hooks after it see the chained call", async () => {
    const seen: unknown[] = [];
    let later: unknown;
    const { runner, traces } = await runnerOf({
      "bridge.json": answering(
        [{ input: { command: "ls -a" }, additionalContext: "one" }, { additionalContext: "two" }],
        "nothing",
        seen,
      ),
      "after.ts": (pi) =>
        pi.on("tool_call", (event) => {
          later = event.input;
          return { permission: "ask" };
        }),
    });
    const outcome = await runner.emit(call);
    expect(seen.map((event) => (event as typeof call).input)).toEqual([
      { command: "ls" },
      { command: "ls -a" },
    ]);
    expect(later).toEqual({ command: "ls -a" });
    expect(outcome).toMatchObject({
      block: false,
      input: { command: "ls -a" },
      inputModified: true,
      additionalContext: [
        { hookPath: "bridge.json", text: "one" },
        { hookPath: "bridge.json", text: "two" },
      ],
      permission: { decision: "ask", hookPath: "after.ts" },
    });
    // One row for the hook, its answers as one result, as a hook returning them would read.
    expect(traces.map((trace) => [trace.hookPath, trace.result])).toEqual([
      [
        "bridge.json",
        {
          input: { command: "ls -a" },
          additionalContext: [
            { hookPath: "bridge.json", text: "one" },
            { hookPath: "bridge.json", text: "two" },
          ],
        },
      ],
      ["after.ts", { permission: "ask" }],
    ]);
  });

  it("stops at a block: its later answers and the hooks after it do not count", async () => {
    let ran = false;
    const { runner } = await runnerOf({
      "bridge.json": answering([{ block: true, reason: "no" }, { additionalContext: "never" }]),
      "after.ts": (pi) =>
        pi.on("tool_call", () => {
          ran = true;
        }),
    });
    expect(await runner.emit(call)).toMatchObject({ block: true, reason: "no", blockedBy: "bridge.json" });
    expect(ran).toBe(false);
  });

  it("drops every answer of a handler that throws after answering (reported, the rest run)", async () => {
    const { runner, errors } = await runnerOf({
      "bridge.json": (pi) =>
        pi.on(
          "tool_result",
          severalAnswers(async (_event, _ctx, answers) => {
            answers.add({ additionalContext: "dropped", isError: true });
            throw new Error("bridge broke");
          }) as never,
        ),
      "after.ts": (pi) => pi.on("tool_result", () => ({ additionalContext: "after" })),
    });
    const outcome = await runner.emit(result);
    expect(outcome).toMatchObject({
      isError: false,
      modified: false,
      additionalContext: [{ text: "after" }],
    });
    expect(errors).toEqual(["bridge.json: bridge broke"]);
  });

  it("a tool_call handler that throws after answering blocks the call (the answers do not count)", async () => {
    const { runner } = await runnerOf({ "bridge.json": answering([{ permission: "allow" }], "throw") });
    await expect(runner.emit(call)).rejects.toThrow("bridge broke");
  });

  it("drops the answers of a handler that timed out, and later answers go nowhere", async () => {
    let late: Answers | undefined;
    const { runner, errors } = await runnerOf(
      {
        "bridge.json": (pi) =>
          pi.on(
            "tool_result",
            severalAnswers(async (_event, _ctx, answers) => {
              answers.add({ additionalContext: "early", isError: true });
              late = answers;
              await new Promise(() => {});
            }) as never,
          ),
        "after.ts": (pi) => pi.on("tool_result", () => ({ additionalContext: "after" })),
      },
      100,
    );
    expect(await runner.emit(result)).toMatchObject({
      isError: false,
      modified: false,
      additionalContext: [{ text: "after" }],
    });
    expect(errors).toEqual(["bridge.json: handler did not settle within 100 ms"]);
    // The abandoned handler is told to stop; the emit is done and unchanged.
    expect(late?.add({ additionalContext: "late" })).toBe(true);
  });

  it("leaves the emit as it was when it gives no answer", async () => {
    const { runner } = await runnerOf({ "bridge.json": answering([]) });
    expect(await runner.emit(call)).toEqual({
      block: false,
      input: { command: "ls" },
      inputModified: false,
      additionalContext: [],
    });
  });
});
