// Blocks `rm -rf` in bash calls unless the user confirms it; without a UI it always blocks.
import type { HookAPI } from "@hookwire/core";

export default function (pi: HookAPI): void {
  pi.on("tool_call", async (event, ctx) => {
    if (event.toolName !== "bash") return;
    const cmd = String(event.input.command ?? "");
    if (!/\brm\s+(-[a-zA-Z]*r[a-zA-Z]*f|-[a-zA-Z]*f[a-zA-Z]*r)\b/.test(cmd)) return;

    if (!ctx.hasUI) return { block: true, reason: "rm -rf blocked (no UI to confirm it)" };
    const ok = await ctx.ui.confirm("Dangerous command", `Allow: ${cmd}`);
    if (!ok) return { block: true, reason: "user denied command" };
    return undefined;
  });
}
