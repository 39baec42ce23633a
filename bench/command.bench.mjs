// Command-hook latency against raw child_process.spawn of the same script, 8 matched hooks against Promise.all of
// 8 spawns, and a hook whose output is over the 10,000-character limit (saved aside) against a raw spawn that
// reads and parses the same output.
// Standalone: `pnpm build && node bench/command.bench.mjs`.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HookRunner } from "../packages/core/dist/index.js";
import { createSettingsHooks, validateSettings } from "../packages/settings-hooks/dist/index.js";
import { compare, formatTable } from "./measure.mjs";

const ROUNDS = Number(process.env.BENCH_SPAWN_ROUNDS ?? 21);
const noop = () => undefined;

/** Spawn, feed the event JSON, collect stdout, resolve on close: the least any command hook must do. */
function rawSpawn(file, args, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["pipe", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout: Buffer.concat(chunks).toString("utf8") }));
    child.stdin.on("error", noop);
    child.stdin.end(input);
  });
}

async function runnerFor(dir, handlers) {
  const { handlers: parsed, issues } = validateSettings(
    { hooks: { PreToolUse: [{ matcher: "bash", hooks: handlers }] } },
    { file: path.join(dir, "settings.json"), scope: "project", dialect: "claude" },
  );
  if (issues.length > 0) throw new Error(JSON.stringify(issues));
  const hook = await createSettingsHooks(parsed, { cwd: dir, sessionId: "bench" });
  const runner = new HookRunner([hook], { cwd: dir });
  runner.initialize({ sendMessageHandler: noop, appendEntryHandler: noop });
  return runner;
}

export async function run() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hookwire-bench-command-"));
  try {
    const script = path.join(dir, "hook.sh");
    writeFileSync(script, "#!/bin/sh\ncat > /dev/null\necho '{}'\n");
    chmodSync(script, 0o755);
    const event = (i) => ({
      type: "tool_call",
      toolName: "bash",
      toolCallId: `c${i}`,
      input: { command: "ls" },
    });
    // The same bytes the bridge writes, so both sides pipe the same input.
    const stdin = JSON.stringify({
      session_id: "bench",
      transcript_path: "",
      cwd: dir,
      permission_mode: "default",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_use_id: "c0",
    });
    const options = { rounds: ROUNDS, batchMs: 0, warmup: 20, minOps: 10 };

    const single = await runnerFor(dir, [{ type: "command", command: script, args: ["0"] }]);
    const rows = [
      await compare({
        name: "command hook, 1 matched (PreToolUse via runner.emit)",
        baseline: "raw child_process.spawn of the script",
        baselineFn: () => rawSpawn(script, ["0"], stdin),
        subjectFn: (i) => single.emit(event(i)),
        target: 1.15,
        ...options,
      }),
    ];

    const eight = Array.from({ length: 8 }, (_, k) => String(k));
    const parallel = await runnerFor(
      dir,
      eight.map((arg) => ({ type: "command", command: script, args: [arg] })),
    );
    rows.push(
      await compare({
        name: "8 matched command hooks in parallel",
        baseline: "Promise.all of 8 raw spawns",
        baselineFn: () => Promise.all(eight.map((arg) => rawSpawn(script, [arg], stdin))),
        subjectFn: (i) => parallel.emit(event(i)),
        target: 1.1,
        ...options,
      }),
    );

    // 50,000 characters of additionalContext: over the limit, so hookwire keeps a preview and saves the rest.
    const long = path.join(dir, "long.sh");
    const context = "x".repeat(50_000);
    const output = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: context },
    });
    writeFileSync(path.join(dir, "long.json"), output);
    writeFileSync(long, `#!/bin/sh\ncat > /dev/null\ncat "${path.join(dir, "long.json")}"\n`);
    chmodSync(long, 0o755);
    const longRunner = await runnerFor(dir, [{ type: "command", command: long, args: [] }]);
    rows.push(
      await compare({
        name: "command hook with 50,000 characters of output",
        baseline: "raw spawn + JSON.parse of the same output",
        baselineFn: async () => JSON.parse((await rawSpawn(long, [], stdin)).stdout),
        subjectFn: (i) => longRunner.emit(event(i)),
        target: 1.15,
        ...options,
      }),
    );
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatTable(await run()));
}
