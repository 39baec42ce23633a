// Rewrites `npm install|run|test|exec` in bash calls to the pnpm equivalent this workspace uses.
import type { HookAPI } from "@hookwire/core";

const NPM = /(^|[;&|]\s*)npm (install|i|run|test|exec)\b/g;

export default function (pi: HookAPI): void {
  pi.on("tool_call", (event) => {
    if (event.toolName !== "bash") return;
    const command = event.input.command;
    if (typeof command !== "string") return;
    const rewritten = command.replace(NPM, "$1pnpm $2");
    if (rewritten === command) return;
    return { input: { ...event.input, command: rewritten } };
  });
}
