// Many calls in flight through one wrapper never see each other's input or result.
import { describe, expect, it } from "vitest";
import { HookToolWrapper } from "../src/index.js";
import { runnerWith, texts } from "./helpers.js";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("concurrency", () => {
  it("keeps 1,000 concurrent calls apart while hooks rewrite each call's input and result", async () => {
    const runner = await runnerWith({
      "stamp.ts": (pi) =>
        void pi.on("tool_call", async (e) => {
          await tick();
          return { input: { ...e.input, stamp: `call:${e.toolCallId}` } };
        }),
      "double.ts": (pi) =>
        void pi.on("tool_call", async (e) => {
          await tick();
          return { input: { ...e.input, n: (e.input.n as number) * 2 } };
        }),
      "label.ts": (pi) =>
        void pi.on("tool_result", async (e) => {
          await tick();
          return {
            content: [
              { type: "text", text: `${e.toolCallId}=${String(e.input.n)}/${String(e.input.stamp)}` },
            ],
          };
        }),
    });
    const tool = {
      name: "compute",
      description: "",
      parameters: {},
      async execute(_id: string, params: Record<string, unknown>) {
        // Random delays make completion order differ from start order.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        return { content: [{ type: "text" as const, text: "raw" }], details: params };
      },
    };
    const wrapped = new HookToolWrapper(tool, runner);
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => wrapped.execute(`id${i}`, { n: i })),
    );
    results.forEach((result, i) => {
      expect(texts(result)).toEqual([`id${i}=${i * 2}/call:id${i}`]);
      expect(result.details).toEqual({ n: i * 2, stamp: `call:id${i}` });
    });
  });
});
