// Input rewrites and result overrides chain across hooks in load order.
import { describe, expect, it } from "vitest";
import { HookToolWrapper } from "../src/index.js";
import { echoTool, runnerWith, texts } from "./helpers.js";

describe("chaining across three hooks", () => {
  it("chains input rewrites: each hook sees the input the previous one returned, the tool gets the last", async () => {
    const seen: unknown[] = [];
    const tool = echoTool();
    const runner = await runnerWith({
      "a.ts": (pi) =>
        void pi.on("tool_call", (e) => {
          seen.push(e.input);
          return { input: { ...e.input, steps: ["a"] } };
        }),
      "b.ts": (pi) =>
        void pi.on("tool_call", (e) => {
          seen.push(e.input);
          // Returning nothing must not erase the rewrite from a.ts.
          return undefined;
        }),
      "c.ts": (pi) =>
        void pi.on("tool_call", (e) => {
          seen.push(e.input);
          return { input: { ...e.input, steps: [...(e.input.steps as string[]), "c"] } };
        }),
    });
    await new HookToolWrapper(tool, runner).execute("1", { text: "t" });
    expect(seen).toEqual([{ text: "t" }, { text: "t", steps: ["a"] }, { text: "t", steps: ["a"] }]);
    expect(tool.calls[0]?.params).toEqual({ text: "t", steps: ["a", "c"] });
  });

  it("keeps a redaction when a later formatter rewrites the content", async () => {
    const runner = await runnerWith({
      "redact.ts": (pi) =>
        void pi.on("tool_result", (e) => ({
          content: e.content.map((p) =>
            p.type === "text" ? { ...p, text: p.text.replace(/sk-[a-z0-9]+/g, "[REDACTED]") } : p,
          ),
        })),
      "details.ts": (pi) =>
        void pi.on("tool_result", (e) => ({ details: { ...(e.details as object), audited: true } })),
      "format.ts": (pi) =>
        void pi.on("tool_result", (e) => ({
          content: e.content.map((p) =>
            p.type === "text" ? { ...p, text: `> ${p.text.toUpperCase()}` } : p,
          ),
        })),
    });
    const tool = {
      name: "env",
      description: "",
      parameters: {},
      execute: async () => ({
        content: [{ type: "text" as const, text: "key=sk-abc123" }],
        details: { lines: 1 },
      }),
    };
    const result = await new HookToolWrapper(tool, runner).execute("1", {});
    expect(texts(result)).toEqual(["> KEY=[REDACTED]"]);
    expect(result.details).toEqual({ lines: 1, audited: true });
  });
});
