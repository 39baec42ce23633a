import { describe, expect, expectTypeOf, it } from "vitest";
import { type HookAPI, HookRunner, instantiateHook } from "../src/index.js";

// A host types its own event by merging into the event map; `pi.on` and `runner.emit` pick it up.
declare module "../src/events.js" {
  interface HookEventMap {
    deploy_start: { event: { type: "deploy_start"; target: string }; result: void };
  }
}

const load = (factory: (pi: HookAPI) => void, path = "hooks/new.ts") =>
  instantiateHook(factory, { path, cwd: "/p" });

describe("unknown events", () => {
  it("load with one HOOK_UNKNOWN_EVENT warning per name, with a did-you-mean", async () => {
    const hook = await load((pi) => {
      pi.on("tool_cal" as never, () => {});
      pi.on("tool_cal" as never, () => {});
      pi.on("some_future_event" as never, () => {});
      pi.on("tool_call", () => {});
    });
    expect(hook.handlers.get("tool_cal")).toHaveLength(2);
    expect(hook.warnings.map((w) => `${w.code}: ${w.message}`)).toMatchInlineSnapshot(`
      [
        "HOOK_UNKNOWN_EVENT: Hook \`hooks/new.ts\`: pi.on() subscribed to "tool_cal", which hookwire does not emit. Did you mean "tool_call"? The handler runs only if the host emits that event.",
        "HOOK_UNKNOWN_EVENT: Hook \`hooks/new.ts\`: pi.on() subscribed to "some_future_event", which hookwire does not emit. The handler runs only if the host emits that event.",
      ]
    `);
    const runner = new HookRunner([hook], { cwd: "/p" });
    expect(runner.getWarnings()).toHaveLength(2);
  });

  it("know pi 1.6's events, typed, with a did-you-mean for a misspelling; pi's project_trust is not hookwire's", async () => {
    const hook = await load((pi) => {
      pi.on("agent_settled", (event) => {
        expectTypeOf(event.aborted).toEqualTypeOf<boolean>();
      });
      pi.on("agent_before_settle", () => {});
      pi.on("tool_execution_end", (event) => {
        expectTypeOf(event.durationMs).toEqualTypeOf<number | undefined>();
      });
      pi.on("agent_setled" as never, () => {});
      pi.on("project_trust" as never, () => {});
    });
    expect(hook.warnings.map((w) => `${w.code}: ${w.message}`)).toMatchInlineSnapshot(`
      [
        "HOOK_UNKNOWN_EVENT: Hook \`hooks/new.ts\`: pi.on() subscribed to "agent_setled", which hookwire does not emit. Did you mean "agent_settled"? The handler runs only if the host emits that event.",
        "HOOK_UNKNOWN_EVENT: Hook \`hooks/new.ts\`: pi.on() subscribed to "project_trust", which hookwire does not emit. The handler runs only if the host emits that event.",
      ]
    `);
  });

  it("run, in load order with results ignored, when the host emits the name", async () => {
    const seen: string[] = [];
    const a = await load((pi) => {
      pi.on("deploy_start", (event) => {
        expectTypeOf(event.target).toEqualTypeOf<string>();
        seen.push(`a:${event.target}`);
      });
    }, "a.ts");
    const b = await load((pi) => {
      pi.on("deploy_start", () => {
        seen.push("b");
        throw new Error("b broke");
      });
      pi.on("deploy_start", () => void seen.push("b2"));
    }, "b.ts");
    const runner = new HookRunner([a, b], { cwd: "/p" });
    const errors: string[] = [];
    runner.onError((e) => errors.push(`${e.hookPath} ${e.event}: ${e.error}`));
    expect(runner.hasHandlers("deploy_start")).toBe(true);
    expect(runner.hasHandlers("never_registered")).toBe(false);
    const outcome = await runner.emit({ type: "deploy_start", target: "prod" });
    expectTypeOf(outcome).toEqualTypeOf<undefined>();
    expect(outcome).toBeUndefined();
    expect(seen).toEqual(["a:prod", "b", "b2"]);
    expect(errors).toEqual(["b.ts deploy_start: b broke"]);
  });

  it("treat names of Object.prototype members as ordinary unknown names", async () => {
    const hook = await load((pi) => {
      pi.on("constructor" as never, () => {});
      pi.on("__proto__" as never, () => {});
    });
    expect(hook.warnings).toHaveLength(2);
    const runner = new HookRunner([hook], { cwd: "/p" });
    await expect(runner.emit({ type: "constructor" } as never)).resolves.toBeUndefined();
  });
});
