// Keeps `debug-only` custom messages in the session but out of every LLM call's context.
import type { HookAPI } from "@hookwire/core";

export default function (pi: HookAPI): void {
  pi.on("context", async (event) => {
    const filtered = event.messages.filter(
      (msg) => !(msg.role === "custom" && msg.customType === "debug-only"),
    );
    return { messages: filtered };
  });
}
