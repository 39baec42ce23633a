// Shows the current turn and the tool calls so far in the host's status line.
import type { HookAPI } from "@hookwire/core";

export default function (pi: HookAPI): void {
  let toolCalls = 0;

  pi.on("agent_start", (_event, ctx) => {
    toolCalls = 0;
    ctx.ui.setStatus("hookwire.tools", undefined);
  });
  pi.on("turn_start", (event, ctx) => {
    ctx.ui.setStatus("hookwire.turn", `turn ${event.turnIndex + 1}`);
  });
  pi.on("tool_call", (event, ctx) => {
    toolCalls++;
    ctx.ui.setStatus(
      "hookwire.tools",
      `${toolCalls} tool call${toolCalls === 1 ? "" : "s"} (last: ${event.toolName})`,
    );
    return undefined;
  });
  pi.on("agent_end", (_event, ctx) => {
    ctx.ui.setStatus("hookwire.turn", "idle");
  });
}
