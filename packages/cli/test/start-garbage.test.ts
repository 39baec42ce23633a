// The server's one full collection after its start (serve/start-garbage.ts): it collects, and leaves no collector
// to the code that runs after it (hooks, the calls' own contexts).
import { describe, expect, it } from "vitest";
import { collectStartGarbage } from "../src/serve/start-garbage.js";

describe("the server's collection after its start", () => {
  it("collects what nothing holds any more, and leaves no gc() exposed behind it", async () => {
    let held: object | undefined = { big: new Array(1000).fill("x") };
    const ref = new WeakRef(held);
    held = undefined;
    // A WeakRef's target lives until the job that made it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(collectStartGarbage()).toBe(true);
    expect(ref.deref()).toBeUndefined();
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe("undefined");
    const { runInNewContext } = await import("node:vm");
    expect(runInNewContext("typeof gc")).toBe("undefined");
  });
});
