// What `hookwire init` writes: a typed hook module, or a settings hook script and its settings entry.

/** A hook module: types from @hookwire/core (type-only, so it also runs where that package is absent). */
export function moduleTemplate(name: string): string {
  return `// ${name}: a hookwire hook module. The default export gets the hook API; pi.on subscribes to an event.
import type { HookAPI } from "@hookwire/core";

export default function (pi: HookAPI) {
  pi.on("tool_call", async (event, ctx) => {
    if (event.toolName !== "bash") return;
    const command = String(event.input.command ?? "");
    if (!/\\brm\\s+-[a-z]*r[a-z]*f|\\brm\\s+-[a-z]*f[a-z]*r/.test(command)) return;
    if (ctx.hasUI && (await ctx.ui.confirm("Dangerous command", \`Allow: \${command}\`))) return;
    return { block: true, reason: "rm -rf needs a confirmation" };
  });
}
`;
}

/** A Claude-style PreToolUse command hook: the event JSON on stdin, exit 2 with a reason on stderr blocks. */
export function scriptTemplate(name: string): string {
  return `#!/usr/bin/env node
// @ts-check
// ${name}: a PreToolUse settings hook. It reads the event as JSON on stdin; exit 2 blocks the call
// and stderr is the reason; exit 0 lets it through.
let text = "";
for await (const chunk of process.stdin) text += chunk;
/** @type {import("@hookwire/settings-hooks").HookInput<"PreToolUse">} */
const input = JSON.parse(text);
const command = String(input.tool_input?.command ?? "");
if (/\\bgit\\s+push\\b.*--force\\b/.test(command)) {
  process.stderr.write("Force-pushing is not allowed here; push normally or open a pull request.");
  process.exit(2);
}
`;
}

/** The matcher group that runs the script on every Bash call. */
export function settingsEntry(scriptPath: string): Record<string, unknown> {
  return {
    matcher: "Bash",
    hooks: [
      { type: "command", command: "node", args: [`\${CLAUDE_PROJECT_DIR}/${scriptPath}`], timeout: 10 },
    ],
  };
}
