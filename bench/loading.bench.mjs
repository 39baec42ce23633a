// Loading 50 TypeScript hook modules, each importing a TypeScript helper, through loadHooks (cold and warm
// cache) against native import() of the same modules compiled to .mjs, and against plain jiti; the same hooks as
// CommonJS TypeScript (`.cts`, each requiring a `.cts` helper); and the .mjs modules themselves through loadHooks
// (which reads a JavaScript module's imports for aliased packages first). Every
// measurement runs in a fresh `node` process so no module cache carries over; every clock starts before the
// first import of the mode (its library included); modes are interleaved per round; rows report medians.
// Standalone: `pnpm build && node bench/loading.bench.mjs`.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";
import { formatTable, median } from "./measure.mjs";

const run$ = promisify(execFile);
const MODULES = Number(process.env.BENCH_LOAD_MODULES ?? 50);
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 9);
// BENCH_LOADER_URL: another build of the loader (a baseline checkout's dist) for a before/after figure.
const LOADER_URL =
  process.env.BENCH_LOADER_URL ?? new URL("../packages/loader/dist/index.js", import.meta.url).href;
// BENCH_BASE_LOADER_URL: a baseline build measured side by side with this one, interleaved in the same rounds
// (a copy of a checkout's packages/loader/dist kept inside packages/loader, so its imports resolve).
const BASE_LOADER_URL = process.env.BENCH_BASE_LOADER_URL;
const JITI_URL = import.meta.resolve("jiti");

function helperSource(i) {
  return `// Generated helper ${i}.
const PATTERNS: readonly RegExp[] = [/rm -rf ${i}/, /curl .* \\| sh/, /chmod 777/];

export function check(command: string): string | undefined {
  for (const pattern of PATTERNS) if (pattern.test(command)) return \`matched \${pattern.source}\`;
  return undefined;
}
`;
}

function hookSource(i, ext) {
  return `// Generated hook ${i}.
import { check } from "./helpers/helper-${i}${ext}";

interface ToolCall { toolName: string; input: Record<string, unknown> }
interface Verdict { block: boolean; reason: string }
type Handler = (event: ToolCall) => Verdict | undefined;
interface Api { on(event: "tool_call", handler: Handler): void }

export default function hook${i}(pi: Api): void {
  pi.on("tool_call", (event: ToolCall): Verdict | undefined => {
    if (event.toolName !== "bash") return undefined;
    const reason = check(String(event.input.command ?? ""));
    return reason ? { block: true, reason: \`hook ${i}: \${reason}\` } : undefined;
  });
}
`;
}

/** The same hook as CommonJS TypeScript: a `.cts` that requires its `.cts` helper. */
function commonJsHookSource(i) {
  return hookSource(i, ".cts")
    .replace(/^import \{ check \} from (".*");$/m, "const { check } = require($1);")
    .replace(/^export default function/m, "module.exports = function");
}

function commonJsHelperSource(i) {
  return `${helperSource(i).replace(/^export function/m, "function")}\nmodule.exports = { check };\n`;
}

// Runs in the child: prints the milliseconds one mode took to load every module.
const CHILD = `
const [mode, listFile, cacheDir, loaderUrl, jitiUrl] = process.argv.slice(2);
const { readFileSync } = await import("node:fs");
const { pathToFileURL } = await import("node:url");
const files = JSON.parse(readFileSync(listFile, "utf8"));
let elapsed;
if (mode === "native") {
  const start = performance.now();
  for (const file of files) {
    const mod = await import(pathToFileURL(file).href);
    if (typeof mod.default !== "function") throw new Error("no default in " + file);
  }
  elapsed = performance.now() - start;
} else if (mode === "loader") {
  const start = performance.now();
  const { loadHooks } = await import(loaderUrl);
  const { hooks, errors } = await loadHooks(files, process.cwd(), { fsCache: cacheDir });
  elapsed = performance.now() - start;
  if (errors.length > 0 || hooks.length !== files.length) throw new Error(errors[0]?.error.message);
} else {
  const start = performance.now();
  const { createJiti } = await import(jitiUrl);
  const jiti = createJiti(import.meta.url, { fsCache: cacheDir });
  for (const file of files) {
    const mod = await jiti.import(file);
    if (typeof mod.default !== "function") throw new Error("no default in " + file);
  }
  elapsed = performance.now() - start;
}
process.stdout.write(String(elapsed));
`;

function compile(source) {
  return ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
}

async function prepare() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "hookwire-bench-loading-"));
  await mkdir(path.join(dir, "ts", "helpers"), { recursive: true });
  await mkdir(path.join(dir, "mjs", "helpers"), { recursive: true });
  await mkdir(path.join(dir, "cts", "helpers"), { recursive: true });
  const ctsFiles = [];
  const tsFiles = [];
  const mjsFiles = [];
  for (let i = 0; i < MODULES; i++) {
    const tsFile = path.join(dir, "ts", `hook-${String(i).padStart(2, "0")}.ts`);
    const mjsFile = path.join(dir, "mjs", `hook-${String(i).padStart(2, "0")}.mjs`);
    await writeFile(tsFile, hookSource(i, ".ts"));
    await writeFile(mjsFile, compile(hookSource(i, ".mjs")));
    await writeFile(path.join(dir, "ts", "helpers", `helper-${i}.ts`), helperSource(i));
    await writeFile(path.join(dir, "mjs", "helpers", `helper-${i}.mjs`), compile(helperSource(i)));
    const ctsFile = path.join(dir, "cts", `hook-${String(i).padStart(2, "0")}.cts`);
    await writeFile(ctsFile, commonJsHookSource(i));
    await writeFile(path.join(dir, "cts", "helpers", `helper-${i}.cts`), commonJsHelperSource(i));
    ctsFiles.push(ctsFile);
    tsFiles.push(tsFile);
    mjsFiles.push(mjsFile);
  }
  await writeFile(path.join(dir, "ts.json"), JSON.stringify(tsFiles));
  await writeFile(path.join(dir, "mjs.json"), JSON.stringify(mjsFiles));
  await writeFile(path.join(dir, "cts.json"), JSON.stringify(ctsFiles));
  await writeFile(path.join(dir, "child.mjs"), CHILD);
  return dir;
}

async function measure(dir, mode, list, cacheDir, loaderUrl = LOADER_URL) {
  const { stdout } = await run$(
    process.execPath,
    [path.join(dir, "child.mjs"), mode, path.join(dir, list), cacheDir, loaderUrl, JITI_URL],
    { cwd: dir },
  );
  return Number(stdout);
}

function row(name, baseline, subject, base, target) {
  const ratio = subject / base;
  return {
    name,
    baseline,
    ratio: Math.round(ratio * 1000) / 1000,
    target,
    baselineMs: Math.round(base * 100) / 100,
    subjectMs: Math.round(subject * 100) / 100,
    pass: target === null ? null : ratio <= target,
  };
}

/** The table: this build beside the baseline build (when measured), then against native import() and plain jiti. */
function rowsOf(m) {
  const sideBySide = BASE_LOADER_URL
    ? [
        row(`loadHooks ${MODULES} plain .mjs modules`, "the baseline build", m.loaderJs, m.baseJs, null),
        row(
          `loadHooks ${MODULES} TS modules, cold cache`,
          "the baseline build",
          m.loaderCold,
          m.baseCold,
          null,
        ),
        row(
          `loadHooks ${MODULES} TS modules, warm cache`,
          "the baseline build",
          m.loaderWarm,
          m.baseWarm,
          null,
        ),
        row(
          `loadHooks ${MODULES} CommonJS TS modules, cold cache`,
          "the baseline build",
          m.loaderCjsCold,
          m.baseCjsCold,
          null,
        ),
        row(
          `loadHooks ${MODULES} CommonJS TS modules, warm cache`,
          "the baseline build",
          m.loaderCjsWarm,
          m.baseCjsWarm,
          null,
        ),
      ]
    : [];
  return [
    ...sideBySide,
    row(
      `loadHooks ${MODULES} plain .mjs modules (nothing aliased)`,
      `native import() of .mjs`,
      m.loaderJs,
      m.native,
      null,
    ),
    row(
      `loadHooks ${MODULES} TS modules, warm cache`,
      `native import() of .mjs`,
      m.loaderWarm,
      m.native,
      1.3,
    ),
    row(`loadHooks ${MODULES} TS modules, cold cache`, `native import() of .mjs`, m.loaderCold, m.native, 3),
    row(
      `loadHooks ${MODULES} CommonJS TS modules, warm cache`,
      `native import() of .mjs`,
      m.loaderCjsWarm,
      m.native,
      null,
    ),
    row(
      `loadHooks ${MODULES} CommonJS TS modules, cold cache`,
      `native import() of .mjs`,
      m.loaderCjsCold,
      m.native,
      null,
    ),
    row(
      `loadHooks ${MODULES} TS modules, cold cache`,
      "plain jiti, cold cache",
      m.loaderCold,
      m.jitiCold,
      null,
    ),
    row(
      `loadHooks ${MODULES} TS modules, warm cache`,
      "plain jiti, warm cache",
      m.loaderWarm,
      m.jitiWarm,
      null,
    ),
  ];
}

export async function run() {
  const dir = await prepare();
  try {
    const warmLoader = path.join(dir, "cache-loader-warm");
    const warmJiti = path.join(dir, "cache-jiti-warm");
    // Fill the persistent caches once; warm runs only read them.
    await measure(dir, "loader", "ts.json", warmLoader);
    await measure(dir, "loader", "cts.json", warmLoader);
    await measure(dir, "jiti", "ts.json", warmJiti);
    const warmBase = path.join(dir, "cache-base-warm");
    if (BASE_LOADER_URL) {
      await measure(dir, "loader", "ts.json", warmBase, BASE_LOADER_URL);
      await measure(dir, "loader", "cts.json", warmBase, BASE_LOADER_URL);
    }

    const times = {
      native: [],
      loaderJs: [],
      loaderCold: [],
      loaderWarm: [],
      loaderCjsCold: [],
      loaderCjsWarm: [],
      jitiCold: [],
      jitiWarm: [],
    };
    const modes = [
      ["native", () => measure(dir, "native", "mjs.json", "-")],
      // Plain JavaScript that imports nothing aliased: the loader reads its imports, then lets Node import it.
      ["loaderJs", () => measure(dir, "loader", "mjs.json", warmLoader)],
      ["loaderCold", (round) => measure(dir, "loader", "ts.json", path.join(dir, `cold-loader-${round}`))],
      ["jitiCold", (round) => measure(dir, "jiti", "ts.json", path.join(dir, `cold-jiti-${round}`))],
      ["loaderWarm", () => measure(dir, "loader", "ts.json", warmLoader)],
      ["loaderCjsCold", (round) => measure(dir, "loader", "cts.json", path.join(dir, `cold-cjs-${round}`))],
      ["loaderCjsWarm", () => measure(dir, "loader", "cts.json", warmLoader)],
      ["jitiWarm", () => measure(dir, "jiti", "ts.json", warmJiti)],
    ];
    if (BASE_LOADER_URL) {
      const base = (list, cache) => measure(dir, "loader", list, cache, BASE_LOADER_URL);
      times.baseJs = [];
      times.baseCold = [];
      times.baseWarm = [];
      times.baseCjsCold = [];
      times.baseCjsWarm = [];
      modes.push(
        ["baseJs", () => base("mjs.json", warmBase)],
        ["baseCold", (round) => base("ts.json", path.join(dir, `cold-base-${round}`))],
        ["baseWarm", () => base("ts.json", warmBase)],
        ["baseCjsCold", (round) => base("cts.json", path.join(dir, `cold-base-cjs-${round}`))],
        ["baseCjsWarm", () => base("cts.json", warmBase)],
      );
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate the order every round so no mode always runs right after the same neighbour.
      for (let i = 0; i < modes.length; i++) {
        const [name, measureMode] = modes[(i + round) % modes.length];
        times[name].push(await measureMode(round));
      }
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
    return rowsOf(m);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await run();
  console.log(`${ROUNDS} rounds, one fresh node process per measurement, medians`);
  console.log(formatTable(rows));
}
