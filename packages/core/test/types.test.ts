import { describe, expectTypeOf, it } from "vitest";
import type {
  AgentMessage,
  HookAPI,
  HookContext,
  HookEmitOutcome,
  HookRunner,
  ToolCallEvent,
  ToolCallEventResult,
  ToolCallOutcome,
  ToolResultEvent,
  ToolResultOutcome,
} from "../src/index.js";

// The assertions are checked by the type checker; the functions only need to exist.
const typeOnly = (_check: (pi: HookAPI, runner: HookRunner) => void) => true;

describe("the typed event map", () => {
  it("types each handler's event and context from the event name, with no casts", () => {
    typeOnly((pi) => {
      pi.on("tool_call", (event, ctx) => {
        expectTypeOf(event).toEqualTypeOf<ToolCallEvent>();
        expectTypeOf(event.input).toEqualTypeOf<Record<string, unknown>>();
        expectTypeOf(ctx).toEqualTypeOf<HookContext>();
        return { block: true, reason: "r" };
      });
      pi.on("tool_result", (event) => {
        expectTypeOf(event).toEqualTypeOf<ToolResultEvent>();
        return { content: event.content };
      });
      pi.on("context", (event) => {
        expectTypeOf(event.messages).toEqualTypeOf<AgentMessage[]>();
        return {
          messages: event.messages.filter((m) => !(m.role === "custom" && m.customType === "debug-only")),
        };
      });
      pi.on("session.compacting", (event) => {
        expectTypeOf(event.sessionId).toBeString();
        return { context: ["keep"] };
      });
    });
  });

  it("rejects unknown events and results of the wrong shape", () => {
    typeOnly((pi) => {
      // @ts-expect-error: not an event
      pi.on("tool_calls", () => {});
      // @ts-expect-error: block must be boolean
      pi.on("tool_call", () => ({ block: "yes" }));
      // @ts-expect-error: session_before_switch results are { cancel? }
      pi.on("session_before_switch", () => ({ cancel: 1 }));
      // @ts-expect-error: tool_result content is an array of parts
      pi.on("tool_result", () => ({ content: "text" }));
      expectTypeOf<ToolCallEventResult["permission"]>().toEqualTypeOf<
        "allow" | "deny" | "ask" | "defer" | undefined
      >();
    });
  });

  it("returns the unsubscribe function from on()", () => {
    typeOnly((pi) => expectTypeOf(pi.on("agent_start", () => {})).toEqualTypeOf<() => void>());
  });

  it("types emit outcomes per event", () => {
    typeOnly((_pi, runner) => {
      expectTypeOf(
        runner.emit({ type: "tool_call", toolName: "x", toolCallId: "1", input: {} }),
      ).resolves.toEqualTypeOf<ToolCallOutcome>();
      expectTypeOf<HookEmitOutcome<"tool_result">>().toEqualTypeOf<ToolResultOutcome>();
      expectTypeOf(runner.emit({ type: "context", messages: [] })).resolves.toEqualTypeOf<AgentMessage[]>();
      expectTypeOf(runner.emit({ type: "session_start" })).resolves.toEqualTypeOf<undefined>();
      // @ts-expect-error: payload fields are required
      runner.emit({ type: "turn_start" });
    });
  });
});
