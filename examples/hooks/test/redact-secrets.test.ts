import { describe, expect, it } from "vitest";
import { testExample } from "./harness.js";

const result = (toolName: string, text: string, isError = false) => ({
  type: "tool_result" as const,
  toolName,
  toolCallId: "call-1",
  input: { path: ".env.example" },
  content: [
    { type: "text" as const, text },
    { type: "image" as const, data: "AAAA", mimeType: "image/png" },
  ],
  details: undefined,
  isError,
});

describe("redact-secrets", () => {
  it("redacts every API_KEY value in read results and keeps other parts", async () => {
    const t = await testExample("redact-secrets");
    const outcome = await t.emit(result("read", "OPENAI_API_KEY=sk-123\nAPI_KEY=abc def\nNAME=demo"));
    expect(outcome.modified).toBe(true);
    expect(outcome.content).toEqual([
      { type: "text", text: "OPENAI_API_KEY=[REDACTED]\nAPI_KEY=[REDACTED] def\nNAME=demo" },
      { type: "image", data: "AAAA", mimeType: "image/png" },
    ]);
  });

  it("does not touch other tools or failed reads", async () => {
    const t = await testExample("redact-secrets");
    for (const event of [result("bash", "API_KEY=sk-1"), result("read", "API_KEY=sk-1", true)]) {
      const outcome = await t.emit(event);
      expect(outcome.modified).toBe(false);
      expect(outcome.content[0]).toEqual({ type: "text", text: "API_KEY=sk-1" });
    }
  });
});
