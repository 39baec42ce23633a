import type { AgentMessage } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { testExample } from "./harness.js";

describe("status-line", () => {
  it("shows the turn and the tool calls so far, then idle at agent end", async () => {
    const t = await testExample("status-line");
    const assistant: AgentMessage = { role: "assistant", content: [] };

    await t.emit({ type: "agent_start" });
    await t.emit({ type: "turn_start", turnIndex: 0, timestamp: 0 });
    expect(t.statusLine()).toBe("turn 1");
    await t.runTool("bash", { command: "ls" });
    await t.runTool("read", { path: "a" });
    expect(t.statusLine()).toBe("2 tool calls (last: read) · turn 1");
    await t.emit({ type: "turn_end", turnIndex: 0, message: assistant, toolResults: [] });
    await t.emit({ type: "agent_end", messages: [] });
    expect(t.status).toEqual({ "hookwire.tools": "2 tool calls (last: read)", "hookwire.turn": "idle" });

    await t.emit({ type: "agent_start" });
    expect(t.statusLine()).toBe("idle");
  });
});
