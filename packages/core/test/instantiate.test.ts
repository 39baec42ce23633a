import { describe, expect, it } from "vitest";
import { type HookAPI, HookRunner, instantiateHook, isHookError, isHookwireError } from "../src/index.js";

const load = (factory: (pi: HookAPI) => void | Promise<void>) =>
  instantiateHook(factory, { path: "hooks/x.ts", cwd: "/p" });

describe("instantiateHook", () => {
  it("records what the factory registered, after an async factory finishes", async () => {
    const hook = await load(async (pi) => {
      await new Promise((r) => setTimeout(r, 5));
      pi.on("tool_call", () => undefined);
      pi.on("tool_call", () => undefined);
      pi.registerCommand("go", { description: "d", handler: () => {} });
      pi.registerMessageRenderer("note", () => null);
    });
    expect(hook.path).toBe("hooks/x.ts");
    expect(hook.resolvedPath).toBe("/p/hooks/x.ts");
    expect(hook.source).toEqual({ kind: "inline" });
    expect(hook.handlers.get("tool_call")).toHaveLength(2);
    expect([...hook.commands.keys()]).toEqual(["go"]);
    expect([...hook.messageRenderers.keys()]).toEqual(["note"]);
  });

  it("rejects invalid registrations at once with a message that says how to fix them", async () => {
    const messages: string[] = [];
    const attempts: Array<(pi: HookAPI) => void> = [
      (pi) => pi.on("" as never, () => {}),
      (pi) => pi.on(42 as never, () => {}),
      (pi) => pi.on("tool_call", "handler" as never),
      (pi) => pi.registerCommand("two words", { handler: () => {} }),
      (pi) => pi.registerCommand("ok", {} as never),
      (pi) => {
        pi.registerCommand("ok", { handler: () => {} });
        pi.registerCommand("ok", { handler: () => {} });
      },
      (pi) => pi.registerMessageRenderer("", () => {}),
    ];
    for (const attempt of attempts) {
      const error = await load(attempt).catch((e: unknown) => e);
      expect(isHookwireError(error)).toBe(true);
      messages.push(`${(error as { code: string }).code}: ${(error as Error).message}`);
    }
    expect(messages).toMatchInlineSnapshot(`
      [
        "HOOK_INVALID_REGISTRATION: Hook \`hooks/x.ts\`: pi.on() expects an event name, got "".",
        "HOOK_INVALID_REGISTRATION: Hook \`hooks/x.ts\`: pi.on() expects an event name, got 42.",
        "HOOK_INVALID_REGISTRATION: Hook \`hooks/x.ts\`: pi.on("tool_call", handler) expects a function, got string.",
        "HOOK_INVALID_REGISTRATION: Hook \`hooks/x.ts\`: pi.registerCommand() expects a name of letters, digits, "_", "-", ":" or "." (e.g. "handoff"), got "two words".",
        "HOOK_INVALID_REGISTRATION: Hook \`hooks/x.ts\`: pi.registerCommand("ok") expects { handler: function }.",
        "HOOK_INVALID_REGISTRATION: Hook \`hooks/x.ts\`: pi.registerCommand("ok") was called twice; register each command once.",
        "HOOK_INVALID_REGISTRATION: Hook \`hooks/x.ts\`: pi.registerMessageRenderer() expects a non-empty customType string.",
      ]
    `);
  });

  it("reports errors through pi.reportError to the runner, and throws them without a runner", async () => {
    let api: HookAPI | undefined;
    const hook = await load((pi) => {
      api = pi;
    });
    expect(() => api?.reportError(new Error("lonely"), "tool_call")).toThrow("lonely");
    const runner = new HookRunner([hook], { cwd: "/p" });
    const seen: string[] = [];
    runner.onError((e) => seen.push(`${e.hookPath} ${e.event} ${e.error} ${isHookError(e)}`));
    api?.reportError(new Error("soft failure"), "tool_result");
    expect(seen).toEqual(["hooks/x.ts tool_result soft failure true"]);
  });

  it("recognises hookwire errors across realms by brand, not instanceof", async () => {
    const error = await load((pi) => {
      pi.on("tool_call", "bad" as never);
    }).catch((e: unknown) => e);
    const copy = Object.assign(Object.create(null), error, { [Symbol.for("hookwire.error")]: true });
    expect(isHookwireError(copy)).toBe(true);
    expect(isHookwireError(new Error("plain"))).toBe(false);
    expect(isHookwireError(null)).toBe(false);
  });
});
