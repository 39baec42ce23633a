// One `hookwire hook claude PreToolUse` (what Claude Code runs at each tool call once connected), warm, in a project
// with a TS hook module and a shell command hook, against `node -e 0`: the floor of any process an agent starts.
// Standalone: `pnpm build && node bench/hook.bench.mjs`.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compareProcesses, formatTable, timeProcess } from "./measure.mjs";

const ROUNDS = Number(process.env.BENCH_HOOK_ROUNDS ?? 21);
const CLI_BIN = fileURLToPath(new URL("../packages/cli/bin/hookwire.js", import.meta.url));

const GUARD = `import type { HookAPI } from "@hookwire/core";
export default function guard(pi: HookAPI): void {
  pi.on("tool_call", (event) => {
    if (event.toolName !== "bash") return;
    if (String(event.input.command ?? "").includes("rm -rf")) return { block: true, reason: "no rm -rf" };
  });
}
`;
// A command hook that needs the bash grammar to be fingerprinted (a pipe): Claude Code runs it itself.
const claudeHooks = (command) => ({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] },
});

async function project(root, hooksFile) {
  await mkdir(path.join(root, ".hookwire", "hooks"), { recursive: true });
  await mkdir(path.join(root, ".git"), { recursive: true });
  await writeFile(path.join(root, ".hookwire", "hooks", "guard.ts"), GUARD);
  await mkdir(path.dirname(path.join(root, hooksFile)), { recursive: true });
  await writeFile(path.join(root, hooksFile), JSON.stringify(claudeHooks("echo ok | cat > /dev/null")));
}

export async function run() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "hookwire-bench-hook-"));
  try {
    const home = path.join(dir, "home");
    await mkdir(home);
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CACHE_HOME: path.join(home, ".cache"),
      XDG_CONFIG_HOME: path.join(home, ".config"),
      XDG_STATE_HOME: path.join(home, ".local", "state"),
    };
    const rows = [];
    for (const [label, file, target] of [
      [
        "the command hook in .claude/settings.json (Claude Code runs it; hookwire fingerprints it)",
        ".claude/settings.json",
        1.5,
      ],
      ["the command hook in .codex/hooks.json (hookwire runs it too)", ".codex/hooks.json", null],
    ]) {
      const cwd = path.join(dir, path.basename(path.dirname(file)));
      await project(cwd, file);
      execFileSync(process.execPath, [CLI_BIN, "trust", "--yes"], { cwd, env, stdio: "ignore" });
      execFileSync(process.execPath, [CLI_BIN, "connect", "claude"], { cwd, env, stdio: "ignore" });
      const input = JSON.stringify({
        session_id: "bench",
        transcript_path: "",
        cwd,
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls" },
        tool_use_id: "toolu_1",
      });
      const subject = [process.execPath, [CLI_BIN, "hook", "claude", "PreToolUse"], { cwd, env, input }];
      await timeProcess(...subject); // the warm caches: transforms, verdicts, command analyses
      rows.push(
        await compareProcesses({
          name: `hookwire hook claude PreToolUse, warm: a TS module, ${label}`,
          baseline: "node -e 0",
          baselineCmd: [process.execPath, ["-e", "0"], { cwd, env, input }],
          subjectCmd: subject,
          target,
          rounds: ROUNDS,
        }),
      );
    }
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatTable(await run()));
}
