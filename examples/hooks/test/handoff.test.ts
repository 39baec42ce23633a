import type { AgentMessage, NewSessionOptions } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { createRunner, loadExample, scriptedUI } from "./harness.js";

const session = {
  getEntries: () => [],
  getBranch: () => [],
  getLeafEntry: () => undefined,
  getSessionFile: () => "/sessions/old.jsonl",
};

describe("handoff", () => {
  it("registers /handoff and starts a new session seeded with a pointer to the old one", async () => {
    const started: Array<{ parent?: string; messages: AgentMessage[] }> = [];
    const { ui, notified } = scriptedUI();
    let waited = false;
    const runner = createRunner([await loadExample("handoff")], {
      sessionManager: session,
      uiContext: ui,
      hasUI: true,
      waitForIdle: async () => {
        waited = true;
      },
      newSessionHandler: async (options?: NewSessionOptions) => {
        const messages: AgentMessage[] = [];
        await options?.setup?.({ appendMessage: (m) => messages.push(m) });
        started.push({ parent: options?.parentSession, messages });
        return { cancelled: false };
      },
    });
    const command = runner.getCommand("handoff");
    expect(command?.description).toBe("Create a new session with a setup message");
    await command?.handler("ship the parser", runner.createCommandContext());

    expect(waited).toBe(true);
    expect(started).toHaveLength(1);
    expect(started[0]?.parent).toBe("/sessions/old.jsonl");
    expect(started[0]?.messages[0]).toMatchObject({
      role: "user",
      content: [
        {
          type: "text",
          text: "Continue from prior session summary (/sessions/old.jsonl). Note: ship the parser",
        },
      ],
    });
    expect(notified).toEqual(["info: Handed off to a new session"]);
  });

  it("tells the user when the host cancels the new session", async () => {
    const { ui, notified } = scriptedUI();
    const runner = createRunner([await loadExample("handoff")], {
      uiContext: ui,
      hasUI: true,
      newSessionHandler: async () => ({ cancelled: true }),
    });
    await runner.getCommand("handoff")?.handler("", runner.createCommandContext());
    expect(notified).toEqual(["info: Handoff cancelled"]);
  });
});
