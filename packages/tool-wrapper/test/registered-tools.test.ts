// Tools registered by modules go through the same tool_call / tool_result interception as built-ins.
import { describe, expect, it } from "vitest";
import { registeredTools, ToolBlockedError, wrapTools } from "../src/index.js";
import { echoTool, runnerWith, texts } from "./helpers.js";

describe("registeredTools", () => {
  it("wraps a module's tool like a built-in: blocked by one hook, its result rewritten by another", async () => {
    const contexts: unknown[] = [];
    const runner = await runnerWith({
      "ext/greeter.ts": (pi) =>
        pi.registerTool({
          name: "greet",
          label: "Greet",
          description: "Greets someone",
          parameters: { type: "object" },
          async execute(_id, params, _signal, _onUpdate, ctx) {
            contexts.push(ctx?.cwd);
            return { content: [{ type: "text", text: `hello ${String(params.name)}` }], details: { n: 1 } };
          },
        }),
      "hooks/guard.ts": (pi) => {
        pi.on("tool_call", (e) =>
          e.input.name === "mallory" ? { block: true, reason: "not her" } : undefined,
        );
        pi.on("tool_result", (e) =>
          e.toolName === "greet" ? { content: [{ type: "text", text: `${texts(e).join("")}!` }] } : undefined,
        );
      },
    });
    const tools = wrapTools([echoTool(), ...registeredTools(runner)], runner);
    expect(tools.map((t) => `${t.name}:${t.label}`)).toEqual(["echo:Echo", "greet:Greet"]);
    const greet = tools[1];
    const result = await greet?.execute("c1", { name: "ada" });
    expect(result && texts(result)).toEqual(["hello ada!"]);
    expect(result?.details).toEqual({ n: 1 });
    await expect(greet?.execute("c2", { name: "mallory" })).rejects.toBeInstanceOf(ToolBlockedError);
    expect(contexts).toEqual(["/work/project"]);
  });

  it("offers the first registration of a name, in load order", async () => {
    const tool = (text: string) => ({
      name: "dup",
      description: text,
      parameters: {},
      execute: async () => ({ content: [{ type: "text" as const, text }] }),
    });
    const runner = await runnerWith({
      "a.ts": (pi) => pi.registerTool(tool("a")),
      "b.ts": (pi) => pi.registerTool(tool("b")),
    });
    expect(registeredTools(runner).map((t) => t.description)).toEqual(["a"]);
  });
});
