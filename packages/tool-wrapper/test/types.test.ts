// The wrapper's public types: a wrapped tool is still a tool, and errors carry typed fields.
import type { ToolDefinition } from "@hookwire/core";
import { describe, expectTypeOf, it } from "vitest";
import {
  HookToolWrapper,
  type PermissionResolution,
  type ToolBlockedError,
  type ToolDeferredError,
  wrapTools,
} from "../src/index.js";

describe("types", () => {
  it("a HookToolWrapper can stand wherever a tool is expected", () => {
    expectTypeOf<HookToolWrapper<{ lines: number }>>().toMatchTypeOf<ToolDefinition<{ lines: number }>>();
    expectTypeOf(wrapTools<{ lines: number }>).returns.toEqualTypeOf<HookToolWrapper<{ lines: number }>[]>();
  });

  it("types the decision, the source and the error fields", () => {
    expectTypeOf<PermissionResolution["decision"]>().toEqualTypeOf<"allow" | "deny" | "ask" | "defer">();
    expectTypeOf<ToolBlockedError["hookPath"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ToolDeferredError["input"]>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf(
      // @ts-expect-error defaultMode is "allow" or "ask" only
      () => new HookToolWrapper({} as ToolDefinition, {} as never, { defaultMode: "deny" }),
    ).toBeFunction();
  });
});
