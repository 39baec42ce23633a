import { describe, expect, it } from "vitest";
import { aggregate } from "../src/aggregate.js";
import { claudeEvent } from "../src/dialects/claude/catalogue.js";
import type { HandlerResult } from "../src/protocol/output.js";

const ok = (output: object, text?: string): HandlerResult => ({
  status: "success",
  output,
  ...(text ? { text } : {}),
  warnings: [],
});

describe("aggregate", () => {
  it("ignores the rewrite and context of a hook that defers", () => {
    const outcome = aggregate(claudeEvent("PreToolUse")!, [
      {
        hookPath: "a",
        result: ok({ hookSpecificOutput: { permissionDecision: "allow", updatedInput: { x: 1 } } }),
      },
      {
        hookPath: "b",
        result: ok({
          hookSpecificOutput: {
            permissionDecision: "defer",
            updatedInput: { x: 2 },
            additionalContext: "c",
          },
        }),
      },
    ]);
    expect(outcome).toMatchObject({
      permission: { decision: "defer", hookPath: "b" },
      updatedInput: { x: 1 },
      additionalContext: [],
    });
  });

  it("treats exit 2 on an event that cannot block as an error, and as a block where it can", () => {
    const blocking: HandlerResult = { status: "blocking", reason: "why", warnings: [] };
    expect(aggregate(claudeEvent("SessionStart")!, [{ hookPath: "a", result: blocking }])).toMatchObject({
      blocks: [],
      errors: [{ hookPath: "a", text: "why" }],
    });
    expect(aggregate(claudeEvent("Stop")!, [{ hookPath: "a", result: blocking }]).blocks).toEqual([
      { hookPath: "a", text: "why" },
    ]);
  });

  it("keeps the first continue:false and every block reason in handler order", () => {
    const outcome = aggregate(claudeEvent("UserPromptSubmit")!, [
      { hookPath: "a", result: ok({ decision: "block", reason: "one" }) },
      { hookPath: "b", result: ok({ continue: false, stopReason: "halt" }) },
      { hookPath: "c", result: ok({ continue: false, stopReason: "later" }) },
      { hookPath: "d", result: { status: "blocking", reason: "two", warnings: [] } },
    ]);
    expect(outcome.stop).toEqual({ reason: "halt", hookPath: "b" });
    expect(outcome.blocks.map((b) => b.text)).toEqual(["one", "two"]);
  });
});
