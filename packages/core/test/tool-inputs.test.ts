import { describe, expect, expectTypeOf, it } from "vitest";
import type { HookAPI, ToolCallEvent, ToolInputMap, ToolResultEvent } from "../src/index.js";
import { HookRunner, instantiateHook, isToolEvent } from "../src/index.js";

// A module's own tool, typed as the docs say (a hook module augments "@hookwire/core"; the test, the source file).
declare module "../src/tool-inputs.js" {
  interface ToolInputMap {
    deploy_test_tool: DeployInput;
  }
}
interface DeployInput {
  target: string;
  dryRun?: boolean;
}

// The assertions are checked by the type checker (`pnpm typecheck` compiles this file); the functions only need to exist.
const typeOnly = (_check: (pi: HookAPI) => void) => true;

describe("isToolEvent types", () => {
  it("narrows a tool_call's input to each built-in tool's input", () => {
    typeOnly((pi) => {
      pi.on("tool_call", (event) => {
        if (isToolEvent(event, "bash")) {
          expectTypeOf(event.toolName).toEqualTypeOf<"bash">();
          expectTypeOf(event.input.command).toEqualTypeOf<string>();
          expectTypeOf(event.input.timeout).toEqualTypeOf<number | undefined>();
          expectTypeOf(event.toolCallId).toEqualTypeOf<string>();
          // @ts-expect-error: bash has no path
          event.input.path;
        }
        if (isToolEvent(event, "read")) expectTypeOf(event.input.path).toEqualTypeOf<string>();
        if (isToolEvent(event, "write")) expectTypeOf(event.input.content).toEqualTypeOf<string>();
        if (isToolEvent(event, "edit")) {
          expectTypeOf(event.input.path).toEqualTypeOf<string>();
          expectTypeOf(event.input.edits).toEqualTypeOf<
            Array<{ oldText: string; newText: string }> | undefined
          >();
        }
        if (isToolEvent(event, "grep")) expectTypeOf(event.input.pattern).toEqualTypeOf<string>();
        if (isToolEvent(event, "find")) expectTypeOf(event.input.pattern).toEqualTypeOf<string>();
        if (isToolEvent(event, "glob")) expectTypeOf(event.input.pattern).toEqualTypeOf<string>();
        if (isToolEvent(event, "ls")) expectTypeOf(event.input.path).toEqualTypeOf<string | undefined>();
      });
    });
  });

  it("narrows after an early return, and across an || of two tools", () => {
    typeOnly((pi) => {
      pi.on("tool_call", (event) => {
        if (!isToolEvent(event, "write") && !isToolEvent(event, "edit")) return;
        expectTypeOf(event.input.path).toEqualTypeOf<string>();
        if (event.toolName === "write") expectTypeOf(event.input.content).toEqualTypeOf<string>();
        return { block: true, reason: event.input.path };
      });
    });
  });

  it("narrows a tool_result's input and keeps its result fields", () => {
    typeOnly((pi) => {
      pi.on("tool_result", (event) => {
        if (!isToolEvent(event, "read")) return;
        expectTypeOf(event.input.path).toEqualTypeOf<string>();
        expectTypeOf(event.content).toEqualTypeOf<ToolResultEvent["content"]>();
        expectTypeOf(event.isError).toEqualTypeOf<boolean>();
        return { content: event.content };
      });
    });
  });

  it("types a tool added to ToolInputMap, and leaves any other tool's input open", () => {
    typeOnly((pi) => {
      pi.on("tool_call", (event) => {
        if (isToolEvent(event, "deploy_test_tool")) {
          expectTypeOf(event.input.target).toEqualTypeOf<string>();
          expectTypeOf(event.input.dryRun).toEqualTypeOf<boolean | undefined>();
        }
        if (isToolEvent(event, "never_typed")) {
          expectTypeOf(event.toolName).toEqualTypeOf<"never_typed">();
          expectTypeOf(event.input).toEqualTypeOf<Record<string, unknown>>();
        }
      });
    });
  });

  it("covers every built-in tool, and only tool events", () => {
    expectTypeOf<Exclude<keyof ToolInputMap, "deploy_test_tool">>().toEqualTypeOf<
      "bash" | "read" | "write" | "edit" | "grep" | "find" | "glob" | "ls"
    >();
    typeOnly((pi) => {
      pi.on("user_bash", (event) => {
        // @ts-expect-error: not a tool_call or tool_result event
        isToolEvent(event, "bash");
      });
    });
  });

  it("shows why the guard exists: comparing toolName does not narrow", () => {
    const event = {} as ToolCallEvent;
    if (event.toolName === "bash") expectTypeOf(event.input.command).toEqualTypeOf<unknown>();
  });
});

describe("isToolEvent at run time", () => {
  const call = (toolName: string, input: Record<string, unknown>) => ({ toolName, toolCallId: "1", input });

  it("is true for the named tool only, so a guard hook acts on that tool", async () => {
    const hook = await instantiateHook(
      (pi) => {
        pi.on("tool_call", (event) => {
          if (isToolEvent(event, "bash") && event.input.command.includes("rm -rf")) {
            return { block: true, reason: `no: ${event.input.command}` };
          }
        });
      },
      { path: "inline:guard", cwd: process.cwd() },
    );
    const runner = new HookRunner([hook], { cwd: process.cwd() });
    expect(await runner.emitToolCall(call("bash", { command: "rm -rf build" }))).toMatchObject({
      block: true,
      reason: "no: rm -rf build",
    });
    for (const other of ["Bash", "bash ", "my_bash", "read"]) {
      expect((await runner.emitToolCall(call(other, { command: "rm -rf build" }))).block).toBe(false);
    }
  });

  it("reads tool_result events the same way", () => {
    const result: ToolResultEvent = {
      type: "tool_result",
      toolName: "read",
      toolCallId: "1",
      input: { path: ".env" },
      content: [],
      details: undefined,
      isError: false,
    };
    expect(isToolEvent(result, "read")).toBe(true);
    expect(isToolEvent(result, "write")).toBe(false);
  });
});
