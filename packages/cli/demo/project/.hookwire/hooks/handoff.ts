// `/handoff [note]`: starts a fresh session whose first message points back to this one.
import type { HookAPI } from "@hookwire/core";

export default function (pi: HookAPI): void {
  pi.registerCommand("handoff", {
    description: "Create a new session with a setup message",
    handler: async (args, ctx) => {
      await ctx.waitForIdle();
      const parentSession = ctx.sessionManager.getSessionFile();
      const note = args.trim();
      const result = await ctx.newSession({
        parentSession,
        setup: async (session) => {
          session.appendMessage({
            role: "user",
            content: [
              {
                type: "text",
                text: `Continue from prior session summary${parentSession ? ` (${parentSession})` : ""}.${note ? ` Note: ${note}` : ""}`,
              },
            ],
            timestamp: Date.now(),
          });
        },
      });
      ctx.ui.notify(result.cancelled ? "Handoff cancelled" : "Handed off to a new session", "info");
    },
  });
}
