// Whole-process start-up: a host that discovers 20 TS hooks (each importing a TS helper) and 5 command hooks
// and emits its first tool_call, cold and warm, against a native host doing the same with .mjs modules; and
// `hookwire --help` against `node -e 0`. Every figure is a fresh `node` process, spawn to exit.
// Standalone: `pnpm build && node bench/startup.bench.mjs`.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { compareProcesses, formatTable, timeProcess } from "./measure.mjs";

const HOOKS = 20;
const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 15);
const LOADER_URL = new URL("../packages/loader/dist/index.js", import.meta.url).href;
const CORE_URL = new URL("../packages/core/dist/index.js", import.meta.url).href;
const CLI_BIN = fileURLToPath(new URL("../packages/cli/bin/hookwire.js", import.meta.url));

const helper = (i) => `// Generated helper ${i}.
const PATTERNS: readonly RegExp[] = [/rm -rf ${i}/, /curl .* \\| sh/];
export function check(command: string): string | undefined {
  for (const pattern of PATTERNS) if (pattern.test(command)) return \`matched \${pattern.source}\`;
  return undefined;
}
`;
const hook = (i, ext) => `// Generated hook ${i}.
import { check } from "../helpers/helper-${i}${ext}";
interface Api { on(event: "tool_call", handler: (event: { toolName: string; input: Record<string, unknown> }) => unknown): void }
export default function hook${i}(pi: Api): void {
  pi.on("tool_call", (event) => {
    const reason = event.toolName === "bash" ? check(String(event.input.command ?? "")) : undefined;
    return reason ? { block: true, reason } : undefined;
  });
}
`;
// Five command hooks a project typically has; the first emit (Bash) matches none, on both sides.
const SETTINGS = {
  hooks: {
    PreToolUse: [
      { matcher: "Write|Edit", hooks: [{ type: "command", command: "./.claude/hooks/guard.sh" }] },
      { matcher: "WebFetch", hooks: [{ type: "command", command: "./.claude/hooks/fetch.sh" }] },
    ],
    PostToolUse: [
      { matcher: "Write|Edit", hooks: [{ type: "command", command: "./.claude/hooks/format.sh" }] },
      { matcher: "Write", hooks: [{ type: "command", command: "./.claude/hooks/lint.sh" }] },
    ],
    SessionEnd: [{ hooks: [{ type: "command", command: "./.claude/hooks/log.sh" }] }],
  },
};

// The subject: the way a host embeds hookwire (discovery, trust decided by the host, settings, one runner).
// `trust: "all"` is the host's own decision; `"ask"` holds the project to the fingerprint the trust store has
// (the second variant, recorded by \`hookwire trust\` first): trust's own work is then on the clock too.
const hookwireHost = (trust) => `
const { discoverAndLoadHooks, HOOK_FORMATS } = await import(${JSON.stringify(LOADER_URL)});
const { HookRunner } = await import(${JSON.stringify(CORE_URL)});
const cwd = process.cwd();
const { hooks, errors } = await discoverAndLoadHooks([], cwd, { home: process.env.HOME, formats: HOOK_FORMATS, trust: ${JSON.stringify(trust)} });
if (errors.length > 0 || hooks.length !== ${HOOKS + 1}) throw new Error("loaded " + hooks.length + ": " + errors[0]?.error.message);
const runner = new HookRunner(hooks, { cwd });
runner.initialize({ sendMessageHandler() {}, appendEntryHandler() {} });
const outcome = await runner.emit({ type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "ls" } });
if (outcome.block) throw new Error("blocked");
`;

// The baseline: the least a host can do — import the same hooks as .mjs, read the settings, run the handlers.
const NATIVE_HOST = `
const { readdirSync, readFileSync } = await import("node:fs");
const { pathToFileURL } = await import("node:url");
const path = await import("node:path");
const dir = path.join(process.cwd(), ".hookwire", "hooks");
const handlers = [];
for (const file of readdirSync(dir).sort()) {
  const mod = await import(pathToFileURL(path.join(dir, file)).href);
  mod.default({ on: (event, handler) => event === "tool_call" && handlers.push(handler) });
}
const settings = JSON.parse(readFileSync(path.join(process.cwd(), ".claude", "settings.json"), "utf8"));
const matches = (matcher, tool) => matcher.split("|").includes(tool);
const pre = (settings.hooks.PreToolUse ?? []).filter((group) => matches(group.matcher, "Bash"));
if (pre.length > 0) throw new Error("a command hook matched");
const event = { type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "ls" } };
for (const handler of handlers) {
  const result = await handler(event);
  if (result?.block) throw new Error("blocked");
}
`;

function compile(source) {
  return ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
}

async function project(root, ext) {
  const hooksDir = path.join(root, ".hookwire", "hooks");
  const helpersDir = path.join(root, ".hookwire", "helpers");
  const scripts = path.join(root, ".claude", "hooks");
  await mkdir(hooksDir, { recursive: true });
  await mkdir(helpersDir, { recursive: true });
  await mkdir(scripts, { recursive: true });
  for (let i = 0; i < HOOKS; i++) {
    const name = `hook-${String(i).padStart(2, "0")}`;
    const source = hook(i, ext === "ts" ? ".ts" : ".mjs");
    await writeFile(path.join(hooksDir, `${name}.${ext}`), ext === "ts" ? source : compile(source));
    await writeFile(
      path.join(helpersDir, `helper-${i}.${ext}`),
      ext === "ts" ? helper(i) : compile(helper(i)),
    );
  }
  for (const name of ["guard", "fetch", "format", "lint", "log"]) {
    await writeFile(path.join(scripts, `${name}.sh`), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  }
  await writeFile(path.join(root, ".claude", "settings.json"), JSON.stringify(SETTINGS, null, 2));
}

export async function run() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "hookwire-bench-startup-"));
  try {
    const tsProject = path.join(dir, "ts-project");
    const mjsProject = path.join(dir, "mjs-project");
    await project(tsProject, "ts");
    await project(mjsProject, "mjs");
    await writeFile(path.join(dir, "hookwire-host.mjs"), hookwireHost("all"));
    await writeFile(path.join(dir, "hookwire-host-store.mjs"), hookwireHost("ask"));
    await writeFile(path.join(dir, "native-host.mjs"), NATIVE_HOST);
    const home = path.join(dir, "home");
    await mkdir(home);
    const env = (cache) => ({
      PATH: process.env.PATH,
      HOME: home,
      XDG_CACHE_HOME: cache,
      XDG_CONFIG_HOME: path.join(home, ".config"),
    });

    const native = [
      process.execPath,
      [path.join(dir, "native-host.mjs")],
      { cwd: mjsProject, env: env(path.join(dir, "unused")) },
    ];
    const warmCache = path.join(dir, "cache-warm");
    const warm = [
      process.execPath,
      [path.join(dir, "hookwire-host.mjs")],
      { cwd: tsProject, env: env(warmCache) },
    ];
    await timeProcess(...warm); // fills the warm cache
    // The trust store records the TS project's fingerprint, as `hookwire trust` would.
    await timeProcess(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { trustProject, HOOK_FORMATS } = await import(${JSON.stringify(LOADER_URL)}); await trustProject(process.cwd(), { home: process.env.HOME, formats: HOOK_FORMATS });`,
      ],
      { cwd: tsProject, env: env(warmCache) },
    );
    const store = [
      process.execPath,
      [path.join(dir, "hookwire-host-store.mjs")],
      { cwd: tsProject, env: env(warmCache) },
    ];
    const coldCache = path.join(dir, "cache-cold");
    const cold = [
      process.execPath,
      [path.join(dir, "hookwire-host.mjs")],
      { cwd: tsProject, env: env(coldCache) },
    ];

    const rows = [];
    rows.push(
      await compareProcesses({
        name: `host start to first emit, ${HOOKS} TS hooks + 5 command hooks, warm cache`,
        baseline: "native host, same hooks as .mjs",
        baselineCmd: native,
        subjectCmd: warm,
        target: 1.5,
        rounds: ROUNDS,
      }),
      await compareProcesses({
        name: `host start to first emit, ${HOOKS} TS hooks + 5 command hooks, warm cache, project trusted in the trust store`,
        baseline: "native host, same hooks as .mjs",
        baselineCmd: native,
        subjectCmd: store,
        target: null,
        rounds: ROUNDS,
      }),
      await compareProcesses({
        name: `host start to first emit, ${HOOKS} TS hooks + 5 command hooks, cold cache`,
        baseline: "native host, same hooks as .mjs",
        baselineCmd: native,
        subjectCmd: cold,
        target: null,
        rounds: ROUNDS,
        prepare: () => rm(coldCache, { recursive: true, force: true }),
      }),
      await compareProcesses({
        name: "hookwire --help",
        baseline: "node -e 0",
        baselineCmd: [process.execPath, ["-e", "0"], { env: env(warmCache) }],
        subjectCmd: [process.execPath, [CLI_BIN, "--help"], { env: env(warmCache) }],
        target: 1.5,
        // A pair takes ~0.3 s: at least 21 rounds, since one neighbour's burst moves a 5-round median.
        rounds: Math.max(ROUNDS, 21),
      }),
    );
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatTable(await run()));
}
