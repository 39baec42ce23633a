// The load run, in its own `node --expose-gc` process so heap can be measured after forced GC; prints one JSON line.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setImmediate as tick } from "node:timers/promises";
import { HookRunner } from "../../../packages/core/dist/index.js";
import { loadHooks } from "../../../packages/loader/dist/index.js";
import { createSettingsHooks, validateSettings } from "../../../packages/settings-hooks/dist/index.js";
import { HookToolWrapper } from "../../../packages/tool-wrapper/dist/index.js";

const [dir, callsArg, concurrencyArg, everyArg] = process.argv.slice(2);
const CALLS = Number(callsArg ?? 10_000);
const CONCURRENCY = Number(concurrencyArg ?? 200);
// One call in COMMAND_EVERY goes to the tool the command hooks match.
const COMMAND_EVERY = Number(everyArg ?? 25);
const WARMUP = 400;
const marker = `hookwire-load-${process.pid}`;

let unhandled = 0;
process.on("unhandledRejection", () => unhandled++);

mkdirSync(dir, { recursive: true });
const modules = [];
for (let i = 0; i < 5; i++) {
  const file = path.join(dir, `hook-${i}.ts`);
  // Odd hooks yield to the event loop so concurrent calls interleave inside the dispatch.
  writeFileSync(
    file,
    `export default function (pi: any) {
  pi.on("tool_call", async (event: any) => {
    ${i % 2 ? "await new Promise((resolve) => setImmediate(resolve));" : ""}
    return { input: { ...event.input, trail: [...(event.input.trail ?? []), "h${i}:" + event.input.id] } };
  });
  pi.on("tool_result", async (event: any) => {
    ${i % 2 ? "" : "await new Promise((resolve) => setImmediate(resolve));"}
    return { content: [...event.content, { type: "text", text: "r${i}:" + event.input.id }] };
  });
}
`,
  );
  modules.push(file);
}
const extractId = `sed -n 's/.*"id":"\\([^"]*\\)".*/\\1/p'`;
// updatedInput replaces the whole input (as in Claude Code): the rewrite returns tool_input plus its own
// field, built by one sed (tool_input holds no nested object, so it ends at its first closing brace).
const rewriteInput = `sed -n 's/.*"tool_input":{\\(\\([^}]*\\)"id":"\\([^"]*\\)"\\([^}]*\\)\\)}.*/{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{\\1,"fromCommand":"\\3"}}}/p'`;
const scripts = {
  rewrite: rewriteInput,
  context: `input=$(cat); id=$(printf '%s' "$input" | ${extractId}); printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"command saw %s"}}' "$id"`,
};
const handlers = [];
for (const [name, body] of Object.entries(scripts)) {
  const file = path.join(dir, `${name}.sh`);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  handlers.push({ type: "command", command: file, args: [marker], timeout: 30 });
}
const settings = validateSettings(
  { hooks: { PreToolUse: [{ matcher: "Bash", hooks: handlers }] } },
  { file: path.join(dir, "settings.json"), scope: "project", dialect: "claude" },
);

const loaded = await loadHooks(modules, dir);
if (loaded.errors.length > 0) throw new Error(loaded.errors.map((e) => e.error.message).join("\n"));
const hooks = [
  ...loaded.hooks,
  await createSettingsHooks(settings.handlers, { cwd: dir, transcriptDir: path.join(dir, "transcripts") }),
];
const runner = new HookRunner(hooks, { cwd: dir });
const hookErrors = [];
runner.onError((error) => hookErrors.push(error.message));
runner.initialize({ sendMessageHandler() {}, appendEntryHandler() {} });

const received = new Map();
const tool = (name) =>
  new HookToolWrapper(
    {
      name,
      description: name,
      parameters: {},
      async execute(toolCallId, params) {
        await tick();
        received.set(toolCallId, params);
        return { content: [{ type: "text", text: `ran ${toolCallId}` }] };
      },
    },
    runner,
  );
const tools = { bash: tool("bash"), probe: tool("probe") };

let crossTalk = 0;
const samples = [];
async function call(n) {
  const id = `call-${n}`;
  const withCommands = n % COMMAND_EVERY === 0;
  const result = await tools[withCommands ? "bash" : "probe"].execute(id, { id, command: `echo ${id}` });
  const input = received.get(id);
  received.delete(id);
  const expectedTrail = [0, 1, 2, 3, 4].map((i) => `h${i}:${id}`);
  const texts = result.content.map((part) => part.text).join("|");
  const ok =
    input?.id === id &&
    JSON.stringify(input.trail) === JSON.stringify(expectedTrail) &&
    (!withCommands || input.fromCommand === id) &&
    texts.startsWith(`ran ${id}|r0:${id}|r1:${id}|r2:${id}|r3:${id}|r4:${id}`) &&
    (!withCommands || texts.includes(`command saw ${id}`)) &&
    !texts.replaceAll(id, "").match(/call-\d+/);
  if (!ok) {
    crossTalk++;
    if (samples.length < 3) samples.push({ id, input, texts });
  }
}

async function runCalls(from, count) {
  let next = from;
  const end = from + count;
  const worker = async () => {
    while (next < end) await call(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

function heapAfterGc() {
  for (let i = 0; i < 4; i++) globalThis.gc();
  return process.memoryUsage().heapUsed;
}

// Warm-up: compile every dispatch path and fill the JIT before the baseline is taken.
await runCalls(-WARMUP, WARMUP);
const heapBefore = heapAfterGc();
const started = performance.now();
await runCalls(0, CALLS);
const durationMs = performance.now() - started;
await new Promise((resolve) => setTimeout(resolve, 200));
const heapAfter = heapAfterGc();

const table = execFileSync("ps", ["-eo", "pid=,ppid=,stat=,args="], { encoding: "utf8" }).split("\n");
// Anything listed besides `ps` itself is a hook process still alive or a child of ours never reaped.
const leftovers = table.filter((line) => {
  const [, ppid, , command] = line.trim().split(/\s+/);
  if (command === "ps") return false;
  return line.includes(marker) || Number(ppid) === process.pid;
});

console.log(
  JSON.stringify({
    calls: CALLS,
    concurrency: CONCURRENCY,
    commandCalls: Math.ceil(CALLS / COMMAND_EVERY),
    crossTalk,
    samples,
    unhandled,
    hookErrors: hookErrors.slice(0, 5),
    hookErrorCount: hookErrors.length,
    heapBefore,
    heapAfter,
    leftovers,
    durationMs: Math.round(durationMs),
  }),
);
