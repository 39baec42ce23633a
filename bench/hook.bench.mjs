// One `hookwire hook claude PreToolUse` (what Claude Code runs at each tool call once connected), warm, in a project
// with a TS hook module and a shell command hook, against `node -e 0`: the floor of any process an agent starts.
// Standalone: `pnpm build && node bench/hook.bench.mjs`. With BENCH_HOOK_BEFORE=<another checkout, built>, a third
// row times this checkout's call against that one's, round for round (a before/after in one run, whatever the load).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { GUARD, homeEnv, preToolUseInput } from "./home.mjs";
import { compareProcesses, formatTable, timeProcess } from "./measure.mjs";

const ROUNDS = Number(process.env.BENCH_HOOK_ROUNDS ?? 21);
const CLI_BIN = fileURLToPath(new URL("../packages/cli/bin/hookwire.js", import.meta.url));
const BEFORE = process.env.BENCH_HOOK_BEFORE
  ? path.resolve(process.env.BENCH_HOOK_BEFORE, "packages/cli/bin/hookwire.js")
  : undefined;

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

/** A trusted, connected project for `bin`'s checkout, and the call Claude Code makes there, warmed. */
async function connected(bin, cwd, env, file) {
  await project(cwd, file);
  // An older checkout's trust has no --yes (it did not ask then).
  const trust = spawnSync(process.execPath, [bin, "trust", "--yes"], { cwd, env, stdio: "ignore" });
  if (trust.status !== 0) execFileSync(process.execPath, [bin, "trust"], { cwd, env, stdio: "ignore" });
  execFileSync(process.execPath, [bin, "connect", "claude"], { cwd, env, stdio: "ignore" });
  const subject = [
    process.execPath,
    [bin, "hook", "claude", "PreToolUse"],
    { cwd, env, input: preToolUseInput(cwd) },
  ];
  await timeProcess(...subject); // the warm caches: transforms, verdicts, command analyses
  return subject;
}

export async function run() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "hookwire-bench-hook-"));
  try {
    const env = await homeEnv(dir);
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
      const subject = await connected(CLI_BIN, cwd, env, file);
      const input = preToolUseInput(cwd);
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
    if (BEFORE) {
      const file = ".claude/settings.json";
      const after = await connected(
        CLI_BIN,
        path.join(dir, "after"),
        await homeEnv(path.join(dir, "a")),
        file,
      );
      const before = await connected(
        BEFORE,
        path.join(dir, "before"),
        await homeEnv(path.join(dir, "b")),
        file,
      );
      rows.push(
        await compareProcesses({
          name: `hookwire hook claude PreToolUse, warm, the first row's project: this checkout against ${process.env.BENCH_HOOK_BEFORE}`,
          baseline: "that checkout",
          baselineCmd: before,
          subjectCmd: after,
          target: null,
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
