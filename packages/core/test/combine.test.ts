import { describe, expect, it } from "vitest";
import type { BeforeAgentStartEvent, SessionBeforeCompactEvent } from "../src/events.js";
import {
  type AnyHookEvent,
  HookRunner,
  instantiateHook,
  type NativeEventName,
  type ToolCallEvent,
  type ToolCallOutcome,
  type ToolResultEvent,
} from "../src/index.js";
import { combineAnswers } from "../src/policies/combine.js";

const call: ToolCallEvent = {
  type: "tool_call",
  toolCallId: "c1",
  toolName: "bash",
  input: { command: "ls" },
};
const result: ToolResultEvent = {
  type: "tool_result",
  toolCallId: "c1",
  toolName: "bash",
  input: { command: "ls" },
  content: [{ type: "text", text: "a b" }],
  details: undefined,
  isError: false,
};
const prompt: BeforeAgentStartEvent = {
  type: "before_agent_start",
  prompt: "hi",
  images: [],
  systemPrompt: "base",
};
const compact: SessionBeforeCompactEvent = {
  type: "session_before_compact",
  preparation: {},
  branchEntries: [],
  signal: new AbortController().signal,
} as never;
/** A nested hook names who decided (the settings bridge: the handler), as a hook of its own is named by the runner. */
const by = (hook: string) => ({ decidedBy: `${hook}.ts` });
const block = (hook: string) => ({ block: true, reason: "no", ...by(hook) });
const note = (text: string) => ({ customType: "note", content: text, display: true });

/** Pairs of answers to one occurrence, one pair per way two answers can differ. */
const cases: Array<[string, AnyHookEvent, object, object]> = [
  ["allow, then a block", call, { permission: "allow", reason: "fine", ...by("a") }, block("b")],
  ["a block, then an allow", call, block("a"), { permission: "allow", ...by("b") }],
  [
    "allow, then ask",
    call,
    { permission: "allow", ...by("a") },
    { permission: "ask", reason: "?", ...by("b") },
  ],
  [
    "ask, then allow",
    call,
    { permission: "ask", reason: "?", ...by("a") },
    { permission: "allow", ...by("b") },
  ],
  ["a rewrite, then a block", call, { input: { command: "ls -a" } }, block("b")],
  [
    "a rewrite with context, then context with a verdict",
    call,
    { input: { command: "ls -a" }, additionalContext: "a says" },
    { additionalContext: [{ hookPath: "inner.json#x", text: "b says" }], permission: "allow", ...by("b") },
  ],
  [
    "a new output, then context and an error flag",
    result,
    { content: [{ type: "text", text: "x" }], additionalContext: "a" },
    { additionalContext: "b", isError: true },
  ],
  ["two messages", prompt, { message: note("a"), systemPromptAppend: "A" }, { message: note("b") }],
  ["a message, then a block", prompt, { message: note("a") }, { block: true, reason: "no" }],
  ["nothing, then a cancel", compact, {}, { cancel: true }],
];

async function runnerOf(...setups: Array<[string, (event: AnyHookEvent) => unknown]>) {
  const hooks = await Promise.all(
    setups.map(([path, handler]) =>
      instantiateHook(
        (pi) => {
          for (const type of ["tool_call", "tool_result", "before_agent_start", "session_before_compact"])
            pi.on(type as NativeEventName, handler as never);
        },
        { path, cwd: "/project" },
      ),
    ),
  );
  const runner = new HookRunner(hooks, { cwd: "/project" });
  runner.initialize({ sendMessageHandler: () => {}, appendEntryHandler: () => {} });
  return runner;
}

describe("combineAnswers", () => {
  it.each(cases)("folds %s to the effect the runner gives two hooks", async (_name, event, a, b) => {
    const apart = await runnerOf(["a.ts", () => a], ["b.ts", () => b]);
    const together = await runnerOf([
      "bridge.ts",
      (occurrence) => {
        const answers = combineAnswers(occurrence.type as NativeEventName, occurrence as never);
        if (!answers.add(a as never, "a.ts")) answers.add(b as never, "b.ts");
        return answers.result();
      },
    ]);
    const expected = (await apart.emit(event as never)) as Partial<ToolCallOutcome> | undefined;
    if (event.type !== "tool_call") {
      // Only a tool call's outcome has verdicts and rewrites beside a block.
    } else if (expected?.block === true) {
      // A blocked call's earlier verdict and rewrite have no effect: one result does not carry them.
      delete expected.permission;
      expected.input = call.input;
      expected.inputModified = false;
    } else if (expected?.permission) {
      // One result has one reason: the verdict's (the runner keeps the last answer's beside it).
      expected.reason = expected.permission.reason;
    }
    expect(await together.emit(event as never)).toEqual(expected);
  });

  it("gives the next answer the occurrence as the earlier ones left it", () => {
    const answers = combineAnswers("tool_call", call);
    answers.add({ input: { command: "ls -a" } }, "a.ts");
    expect(answers.event.input).toEqual({ command: "ls -a" });
    expect(answers.add({ block: true }, "b.ts")).toBe(true);
  });

  it("hands a single answer back as it is", () => {
    const answers = combineAnswers("tool_call", call);
    const only = { permission: "allow" as const, reason: "fine", decidedBy: "x.json#y" };
    answers.add(only, "a.ts");
    expect(answers.result()).toBe(only);
  });
});
