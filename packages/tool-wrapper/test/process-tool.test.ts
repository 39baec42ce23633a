// A real tool that runs a process, wrapped: hooks rewrite its command line and redact its output.
import { exec, type ToolDefinition } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { HookToolWrapper } from "../src/index.js";
import { runnerRecordingResultText, runnerWith, texts } from "./helpers.js";

const node: ToolDefinition = {
  name: "node_eval",
  description: "Runs a Node.js snippet and returns its output",
  parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] },
  async execute(_id, params, signal) {
    const result = await exec(process.execPath, ["-e", String(params.code)], { signal });
    if (result.code !== 0) throw new Error(`exit ${result.code}: ${result.stderr.trim()}`);
    return { content: [{ type: "text", text: result.stdout }], details: { code: result.code } };
  },
};

describe("a tool that runs a real process", () => {
  it("runs with the hook-rewritten input and returns the hook-redacted output", async () => {
    const runner = await runnerWith({
      "inject.ts": (pi) =>
        void pi.on("tool_call", (e) => ({
          input: { code: `process.env.TOKEN = "tok-42"; ${String(e.input.code)}` },
        })),
      "redact.ts": (pi) =>
        void pi.on("tool_result", (e) => ({
          content: e.content.map((p) =>
            p.type === "text" ? { ...p, text: p.text.replaceAll("tok-42", "***") } : p,
          ),
        })),
    });
    const result = await new HookToolWrapper(node, runner).execute("1", {
      code: "console.log('pid ok', typeof process.pid, process.env.TOKEN)",
    });
    expect(texts(result)).toEqual(["pid ok number ***\n"]);
    expect(result.details).toEqual({ code: 0 });
  });

  it("reports a failing process through tool_result and rethrows its error", async () => {
    const { runner, seen } = await runnerRecordingResultText();
    await expect(
      new HookToolWrapper(node, runner).execute("1", { code: "console.error('boom'); process.exit(3)" }),
    ).rejects.toThrow("exit 3: boom");
    expect(seen).toEqual(["exit 3: boom"]);
  });

  it("kills the process when the call is aborted and reports it as an error", async () => {
    const seen: boolean[] = [];
    const runner = await runnerWith({
      "observe.ts": (pi) => void pi.on("tool_result", (e) => void seen.push(e.isError)),
    });
    const controller = new AbortController();
    const pending = new HookToolWrapper(node, runner).execute(
      "1",
      { code: "setTimeout(() => {}, 60_000)" },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toThrow(/^exit 1\d\d/);
    expect(seen).toEqual([true]);
  });
});
