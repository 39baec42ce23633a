import { describe, expect, it } from "vitest";
import { testExample } from "./harness.js";

const session = {
  getEntries: () => [],
  getBranch: () => [],
  getLeafEntry: () => undefined,
  getSessionFile: () => "/sessions/old.jsonl",
};

describe("handoff", () => {
  it("registers /handoff and starts a new session seeded with a pointer to the old one", async () => {
    let waited = false;
    const t = await testExample("handoff", {
      sessionManager: session,
      host: {
        waitForIdle: async () => {
          waited = true;
        },
      },
    });
    expect(t.runner.getCommand("handoff")?.description).toBe("Create a new session with a setup message");
    await t.runCommand("/handoff ship the parser");

    expect(waited).toBe(true);
    expect(t.newSessions).toHaveLength(1);
    expect(t.newSessions[0]?.parentSession).toBe("/sessions/old.jsonl");
    expect(t.newSessions[0]?.messages[0]).toMatchObject({
      role: "user",
      content: [
        {
          type: "text",
          text: "Continue from prior session summary (/sessions/old.jsonl). Note: ship the parser",
        },
      ],
    });
    expect(t.notifications).toEqual([{ message: "Handed off to a new session", type: "info" }]);
  });

  it("tells the user when the host cancels the new session", async () => {
    const t = await testExample("handoff", {
      host: { newSessionHandler: async () => ({ cancelled: true }) },
    });
    await t.runCommand("handoff");
    expect(t.notifications).toEqual([{ message: "Handoff cancelled", type: "info" }]);
  });
});
