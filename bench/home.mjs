// What the hook benchmarks share: a home of their own for a run, the PreToolUse event they send, the TS guard they load.
import { mkdir } from "node:fs/promises";
import path from "node:path";

/** A home of its own under `dir` (trust store, caches, state), so two runs or checkouts never share a record. */
export async function homeEnv(dir) {
  const home = path.join(dir, "home");
  await mkdir(home, { recursive: true });
  return {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_STATE_HOME: path.join(home, ".local", "state"),
  };
}

/** Claude Code's PreToolUse for `ls` in `cwd`, as a hook reads it on stdin. */
export const preToolUseInput = (cwd) =>
  JSON.stringify({
    session_id: "bench",
    transcript_path: "",
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "ls" },
    tool_use_id: "toolu_1",
  });

/** The TS module guard the benchmarks load: blocks `rm -rf` in a bash call, lets everything else through. */
export const GUARD = `import type { HookAPI } from "@hookwire/core";
export default function guard(pi: HookAPI): void {
  pi.on("tool_call", (event) => {
    if (event.toolName !== "bash") return;
    if (String(event.input.command ?? "").includes("rm -rf")) return { block: true, reason: "no rm -rf" };
  });
}
`;
