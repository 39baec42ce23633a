// The combined outcome of N handlers through a real HookRunner equals a fold of the documented rule, per event kind.
import { type HookError, HookRunner, instantiateHook, isHookError } from "@hookwire/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const RUNS = 10_000;
const CWD = "/work/project";

/** How a handler delivers its answer: the runner has a separate path for each. */
type Shape = "sync" | "async" | "promise";
type Action<R> =
  | { kind: "none" }
  | { kind: "null" }
  | { kind: "throw" }
  | { kind: "invalid"; value: unknown }
  | { kind: "result"; value: R };
interface Spec<R> {
  shape: Shape;
  action: Action<R>;
}

function actionOf<R>(result: fc.Arbitrary<R>): fc.Arbitrary<Action<R>> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ kind: "none" } as const) },
    { weight: 1, arbitrary: fc.constant({ kind: "null" } as const) },
    { weight: 1, arbitrary: fc.constant({ kind: "throw" } as const) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(42, "text", [1], true).map((value) => ({ kind: "invalid", value }) as const),
    },
    { weight: 5, arbitrary: result.map((value) => ({ kind: "result", value }) as const) },
  );
}

function hooksOf<R>(result: fc.Arbitrary<R>): fc.Arbitrary<Spec<R>[][]> {
  const spec = fc.record({
    shape: fc.constantFrom<Shape>("sync", "async", "promise"),
    action: actionOf(result),
  });
  return fc.array(fc.array(spec, { minLength: 1, maxLength: 3 }), { maxLength: 5 });
}

const hookPath = (i: number) => `hooks/h${i}.ts`;

/** A handler that records what it saw and answers as its spec says. */
function handlerFor<R>(spec: Spec<R>, path: string, seen: Array<{ path: string; event: unknown }>) {
  const answer = (): unknown => {
    switch (spec.action.kind) {
      case "none":
        return undefined;
      case "null":
        return null;
      case "throw":
        throw new Error(`boom from ${path}`);
      case "invalid":
      case "result":
        return spec.action.value;
    }
  };
  return (event: unknown) => {
    seen.push({ path, event: structuredClone(event) });
    if (spec.shape === "sync") return answer();
    if (spec.shape === "async") return (async () => answer())();
    try {
      return Promise.resolve(answer());
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

async function runnerFor<R>(
  event: string,
  hooks: Spec<R>[][],
  seen: Array<{ path: string; event: unknown }>,
) {
  const loaded = await Promise.all(
    hooks.map((handlers, i) =>
      instantiateHook(
        (pi) => {
          for (const spec of handlers)
            pi.on(event as "tool_call", handlerFor(spec, hookPath(i), seen) as never);
        },
        { path: hookPath(i), cwd: CWD },
      ),
    ),
  );
  const runner = new HookRunner(loaded, { cwd: CWD });
  const errors: HookError[] = [];
  runner.onError((error) => errors.push(error));
  return { runner, errors };
}

/** Handlers in run order: hooks in load order, each hook's handlers in registration order. */
function flatten<R>(hooks: Spec<R>[][]): Array<{ path: string; spec: Spec<R> }> {
  return hooks.flatMap((handlers, i) => handlers.map((spec) => ({ path: hookPath(i), spec })));
}

describe("combination rules through a real HookRunner", () => {
  it("tool_call: first block stops, inputs chain, contexts collect, verdicts rank deny > defer > ask > allow", async () => {
    const result = fc.record(
      {
        block: fc.boolean(),
        reason: fc.string({ maxLength: 8 }),
        input: fc.record({ v: fc.nat(99) }),
        permission: fc.constantFrom("allow", "ask", "defer", "deny"),
        additionalContext: fc.string({ minLength: 1, maxLength: 8 }),
      },
      { requiredKeys: [] },
    );
    const RANK: Record<string, number> = { allow: 1, ask: 2, defer: 3 };
    await fc.assert(
      fc.asyncProperty(hooksOf(result), async (hooks) => {
        const seen: Array<{ path: string; event: unknown }> = [];
        const { runner, errors } = await runnerFor("tool_call", hooks, seen);
        const original = { v: -1 };

        // The documented rule, folded by hand.
        let input: Record<string, unknown> = original;
        let inputModified = false;
        let permission: { decision: string; reason?: string; hookPath: string } | undefined;
        const context: Array<{ hookPath: string; text: string }> = [];
        const expectedSeen: Array<{ path: string; input: unknown }> = [];
        const expectedErrors: string[] = [];
        let ending:
          | { kind: "block"; reason?: string; by: string }
          | { kind: "reject"; by: string }
          | undefined;
        for (const { path, spec } of flatten(hooks)) {
          expectedSeen.push({ path, input });
          const action = spec.action;
          if (action.kind === "throw") {
            ending = { kind: "reject", by: path };
            break;
          }
          if (action.kind === "invalid") expectedErrors.push(path);
          if (action.kind !== "result") continue;
          const r = action.value;
          if (r.additionalContext) context.push({ hookPath: path, text: r.additionalContext });
          if (r.block === true || r.permission === "deny") {
            ending = { kind: "block", reason: r.reason, by: path };
            break;
          }
          if (r.input) {
            input = r.input;
            inputModified = true;
          }
          if (r.permission && (!permission || RANK[r.permission]! > RANK[permission.decision]!)) {
            permission = { decision: r.permission, reason: r.reason, hookPath: path };
          }
        }

        const emitted = runner.emitToolCall({ toolName: "bash", toolCallId: "c1", input: original });
        if (ending?.kind === "reject") {
          const error = await emitted.then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(isHookError(error) && error.hookPath === ending.by && error.event === "tool_call").toBe(
            true,
          );
        } else {
          const outcome = await emitted;
          expect(outcome.block).toBe(ending?.kind === "block");
          if (ending?.kind === "block") {
            expect(outcome.blockedBy).toBe(ending.by);
            expect(outcome.reason).toBe(ending.reason);
          } else {
            expect(outcome.input).toEqual(input);
            expect(outcome.inputModified).toBe(inputModified);
            expect(outcome.permission).toEqual(permission);
            expect(outcome.additionalContext).toEqual(context);
          }
        }
        expect(seen.map((s) => ({ path: s.path, input: (s.event as { input: unknown }).input }))).toEqual(
          expectedSeen,
        );
        expect(errors.map((e) => [e.hookPath, e.code])).toEqual(
          expectedErrors.map((p) => [p, "HOOK_INVALID_RESULT"]),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("tool_result: overrides chain, errors are reported and the rest still run", async () => {
    const result = fc.record(
      {
        content: fc.string({ maxLength: 6 }).map((text) => [{ type: "text" as const, text }]),
        details: fc.nat(99),
        isError: fc.boolean(),
        additionalContext: fc.string({ minLength: 1, maxLength: 8 }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(hooksOf(result), async (hooks) => {
        const seen: Array<{ path: string; event: unknown }> = [];
        const { runner, errors } = await runnerFor("tool_result", hooks, seen);
        let state = {
          content: [{ type: "text" as const, text: "original" }],
          details: undefined as unknown,
          isError: false,
        };
        let modified = false;
        const context: Array<{ hookPath: string; text: string }> = [];
        const expectedSeen: Array<{ path: string; state: unknown }> = [];
        const expectedErrors: Array<[string, string]> = [];
        for (const { path, spec } of flatten(hooks)) {
          expectedSeen.push({ path, state });
          const action = spec.action;
          if (action.kind === "throw") expectedErrors.push([path, "HOOK_HANDLER_FAILED"]);
          if (action.kind === "invalid") expectedErrors.push([path, "HOOK_INVALID_RESULT"]);
          if (action.kind !== "result") continue;
          const r = action.value;
          if (r.additionalContext) context.push({ hookPath: path, text: r.additionalContext });
          const next = { ...state };
          if (r.content) next.content = r.content;
          if (r.details !== undefined) next.details = r.details;
          if (r.isError !== undefined) next.isError = r.isError;
          if (r.content || r.details !== undefined || r.isError !== undefined) {
            state = next;
            modified = true;
          }
        }
        const outcome = await runner.emit({
          type: "tool_result",
          toolName: "bash",
          toolCallId: "c1",
          input: {},
          content: [{ type: "text", text: "original" }],
          details: undefined,
          isError: false,
        });
        expect(outcome).toEqual({ ...state, modified, additionalContext: context });
        const seenStates = seen.map((s) => {
          const e = s.event as typeof state;
          return { path: s.path, state: { content: e.content, details: e.details, isError: e.isError } };
        });
        expect(seenStates).toEqual(expectedSeen);
        expect(errors.map((e) => [e.hookPath, e.code])).toEqual(expectedErrors);
      }),
      { numRuns: RUNS },
    );
  });

  it("context: each handler gets the messages the previous one returned", async () => {
    const result = fc.record(
      {
        messages: fc.array(
          fc.string({ maxLength: 4 }).map((text) => ({ role: "user" as const, content: text, timestamp: 0 })),
          { maxLength: 3 },
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(hooksOf(result), async (hooks) => {
        const seen: Array<{ path: string; event: unknown }> = [];
        const { runner, errors } = await runnerFor("context", hooks, seen);
        const original = [{ role: "user" as const, content: "hello", timestamp: 0 }];
        let messages: unknown[] = original;
        const expectedSeen: Array<{ path: string; messages: unknown }> = [];
        const failed: string[] = [];
        for (const { path, spec } of flatten(hooks)) {
          expectedSeen.push({ path, messages });
          if (spec.action.kind === "throw" || spec.action.kind === "invalid") failed.push(path);
          if (spec.action.kind === "result" && spec.action.value.messages)
            messages = spec.action.value.messages;
        }
        expect(await runner.emitContext(original as never)).toEqual(messages);
        expect(
          seen.map((s) => ({ path: s.path, messages: (s.event as { messages: unknown }).messages })),
        ).toEqual(expectedSeen);
        expect(errors.map((e) => e.hookPath)).toEqual(failed);
      }),
      { numRuns: RUNS },
    );
  });

  it("cancellable: the last result is kept and `cancel: true` stops at once", async () => {
    const result = fc.record({ cancel: fc.boolean() }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(hooksOf(result), async (hooks) => {
        const seen: Array<{ path: string; event: unknown }> = [];
        const { runner, errors } = await runnerFor("session_before_switch", hooks, seen);
        let last: unknown;
        const ran: string[] = [];
        const failed: string[] = [];
        for (const { path, spec } of flatten(hooks)) {
          ran.push(path);
          if (spec.action.kind === "throw" || spec.action.kind === "invalid") failed.push(path);
          if (spec.action.kind !== "result") continue;
          last = spec.action.value;
          if (spec.action.value.cancel === true) break;
        }
        expect(await runner.emit({ type: "session_before_switch", reason: "new" })).toEqual(last);
        expect(seen.map((s) => s.path)).toEqual(ran);
        expect(errors.map((e) => e.hookPath)).toEqual(failed);
      }),
      { numRuns: RUNS },
    );
  });
});
