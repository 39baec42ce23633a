import { type AgentMessage, StatusLine } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { createRunner, loadExample, scriptedUI } from "./harness.js";

describe("status-line", () => {
  it("shows the turn and the tool calls so far, then idle at agent end", async () => {
    const line = new StatusLine();
    const { ui } = scriptedUI();
    ui.setStatus = (key, text) => line.set(key, text);
    const runner = createRunner([await loadExample("status-line")], { uiContext: ui, hasUI: true });
    const assistant: AgentMessage = { role: "assistant", content: [] };

    await runner.emit({ type: "agent_start" });
    await runner.emit({ type: "turn_start", turnIndex: 0, timestamp: 0 });
    expect(line.render()).toBe("turn 1");
    await runner.emitToolCall({ toolName: "bash", toolCallId: "1", input: { command: "ls" } });
    await runner.emitToolCall({ toolName: "read", toolCallId: "2", input: { path: "a" } });
    expect(line.render()).toBe("2 tool calls (last: read) · turn 1");
    await runner.emit({ type: "turn_end", turnIndex: 0, message: assistant, toolResults: [] });
    await runner.emit({ type: "agent_end", messages: [] });
    expect(line.render()).toBe("2 tool calls (last: read) · idle");

    await runner.emit({ type: "agent_start" });
    expect(line.render()).toBe("idle");
  });
});
