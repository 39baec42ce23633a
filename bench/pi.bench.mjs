// What @hookwire/pi adds to one pi tool call (tool_call + tool_result through pi's own ExtensionRunner), with a
// module-only project and with a settings command hook that spawns, against pi with no extension. Standalone:
// `pnpm build && node bench/pi.bench.mjs`. Each call is timed on its own (the per-call p50 and p99 are the result;
// the targets are absolute: ≤ 100 µs p99 added for the module-only project, Claude Code's in-process hooks
// advertise 50 µs).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { row } from "./measure.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..");
const PI = realpathSync(path.join(here, "node_modules/@mariozechner/pi-coding-agent"));
const EXTENSION = path.join(repo, "packages/pi/dist/index.js");
const CALLS = Number(process.env.BENCH_PI_CALLS ?? 20_000);
const SPAWN_CALLS = Number(process.env.BENCH_PI_SPAWN_CALLS ?? 200);

const GUARD = `export default function guard(pi) {
  pi.on("tool_call", (event) => {
    if (String(event.input.command ?? "").includes("rm -rf")) return { block: true, reason: "no" };
  });
}
`;
const SETTINGS = JSON.stringify({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
});

/** A trusted project with `files`, in a home of its own (hookwire's trust store included). */
async function project(files) {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "hw-bench-pi-")));
  const dir = path.join(root, "project");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  mkdirSync(path.join(dir, ".git"), { recursive: true });
  const { trustProject, HOOK_FORMATS } = await import(
    pathToFileURL(path.join(repo, "packages/loader/dist/index.js")).href
  );
  await trustProject(dir, { formats: HOOK_FORMATS });
  return { root, dir };
}

/** pi's own loader and runner, as pi builds them at start-up, over `paths` (none: pi without extensions). */
async function piRunner(paths, cwd) {
  const { loadExtensions } = await import(
    pathToFileURL(path.join(PI, "dist/core/extensions/loader.js")).href
  );
  const { ExtensionRunner } = await import(
    pathToFileURL(path.join(PI, "dist/core/extensions/runner.js")).href
  );
  const { SessionManager } = await import(pathToFileURL(path.join(PI, "dist/core/session-manager.js")).href);
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    const { extensions, errors, runtime } = await loadExtensions(paths, cwd);
    if (errors.length > 0) throw new Error(`pi could not load ${paths.join(", ")}: ${errors[0].error}`);
    return new ExtensionRunner(extensions, runtime, cwd, SessionManager.inMemory(cwd), undefined);
  } finally {
    process.chdir(previous);
  }
}

/** One tool call as pi's agent session runs it: tool_call, the tool (a constant result), tool_result. */
async function toolCall(runner, i) {
  const input = { command: "ls" };
  const call = { type: "tool_call", toolName: "bash", toolCallId: `c${i}`, input };
  if (runner.hasHandlers("tool_call")) await runner.emitToolCall(call);
  const result = { content: [{ type: "text", text: "ok" }], details: undefined, isError: false };
  if (runner.hasHandlers("tool_result"))
    await runner.emitToolResult({
      type: "tool_result",
      toolName: "bash",
      toolCallId: `c${i}`,
      input,
      ...result,
    });
  return result;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** Per-call times (ns) of `calls` calls on each runner, interleaved call by call so noise hits both. */
async function timeCalls(base, subject, calls) {
  for (let i = 0; i < Math.min(calls, 2000); i++) {
    await toolCall(base, i);
    await toolCall(subject, i);
  }
  const a = [];
  const b = [];
  for (let i = 0; i < calls; i++) {
    let t = process.hrtime.bigint();
    await toolCall(base, i);
    a.push(Number(process.hrtime.bigint() - t));
    t = process.hrtime.bigint();
    await toolCall(subject, i);
    b.push(Number(process.hrtime.bigint() - t));
  }
  a.sort((x, y) => x - y);
  b.sort((x, y) => x - y);
  return { base: a, subject: b };
}

function rows(name, times, targetAddedNs) {
  return [0.5, 0.99].map((p) => {
    const baselineNs = percentile(times.base, p);
    const subjectNs = percentile(times.subject, p);
    const label = p === 0.5 ? "p50" : "p99";
    return row({
      name: `${name}, ${label} per call`,
      baseline: "pi, no extension",
      ratio: subjectNs / baselineNs,
      // An absolute target (added time) as a ratio over this run's baseline.
      target: p === 0.99 && targetAddedNs !== null ? (baselineNs + targetAddedNs) / baselineNs : null,
      baselineNs,
      subjectNs,
    });
  });
}

export async function run() {
  const home = mkdtempSync(path.join(os.tmpdir(), "hw-bench-pi-home-"));
  const saved = {
    HOME: process.env.HOME,
    XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME,
    XDG_CACHE_HOME: process.env.XDG_CACHE_HOME,
  };
  // A home of its own: no user-level hooks of the machine's user in the measurement.
  process.env.HOME = home;
  process.env.XDG_CONFIG_HOME = path.join(home, ".config");
  process.env.XDG_CACHE_HOME = path.join(home, ".cache");
  const made = [];
  try {
    const out = [];
    const modules = await project({ ".hookwire/hooks/guard.ts": GUARD });
    made.push(modules.root);
    const bare = await piRunner([], modules.dir);
    const withHookwire = await piRunner([EXTENSION], modules.dir);
    if (!withHookwire.hasHandlers("tool_call")) throw new Error("@hookwire/pi loaded no tool_call handler");
    out.push(
      ...rows("@hookwire/pi, module-only project", await timeCalls(bare, withHookwire, CALLS), 100_000),
    );

    const settings = await project({ ".claude/settings.json": SETTINGS });
    made.push(settings.root);
    const bare2 = await piRunner([], settings.dir);
    const spawning = await piRunner([EXTENSION], settings.dir);
    out.push(
      ...rows(
        "@hookwire/pi, a settings command hook (spawns `true`)",
        await timeCalls(bare2, spawning, SPAWN_CALLS),
        null,
      ),
    );
    return out;
  } finally {
    for (const dir of [...made, home]) rmSync(dir, { recursive: true, force: true });
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { formatTable } = await import("./measure.mjs");
  console.log(formatTable(await run()));
}
