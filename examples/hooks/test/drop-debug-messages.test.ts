import type { AgentMessage } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { testExample } from "./harness.js";

describe("drop-debug-messages", () => {
  it("removes only debug-only custom messages from the LLM context", async () => {
    const t = await testExample("drop-debug-messages");
    const messages: AgentMessage[] = [
      { role: "user", content: "hi" },
      { role: "custom", customType: "debug-only", content: "timings: 12ms", display: false },
      { role: "custom", customType: "note", content: "keep me", display: true },
      { role: "assistant", content: [{ type: "text", text: "hello" }] },
    ];
    const out = await t.runner.emitContext(messages);
    expect(out.map((m) => (m.role === "custom" ? `custom:${m.customType}` : m.role))).toEqual([
      "user",
      "custom:note",
      "assistant",
    ]);
    expect(messages).toHaveLength(4);
  });
});
