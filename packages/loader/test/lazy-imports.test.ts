// What a process that only calls `loadHooks` loads: the loader and core, no settings-hooks, no
// shell-rules and no lazy dependency; and which chunks of settings-hooks and shell-rules a discovery loads.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
// The built packages are what hosts import; ensureBuilt builds them once for every suite that needs dist.
import { ensureBuilt } from "../../../scripts/ensure-built.js";

const LOADER = pathToFileURL(path.resolve(import.meta.dirname, "../dist/index.js")).href;
const CORE = pathToFileURL(path.resolve(import.meta.dirname, "../../core/dist/index.js")).href;

/** Runs `body` in a fresh node process; returns every ES module file it loaded and every CommonJS file it required. */
function loadedBy(body: string): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hookwire-lazy-"));
  writeFileSync(
    path.join(dir, "hooks.mjs"),
    `import { writeSync } from "node:fs";
export async function load(url, context, next) {
  if (url.startsWith("file:")) writeSync(2, "LOADED " + url + "\\n");
  return next(url, context);
}
`,
  );
  writeFileSync(
    path.join(dir, "register.mjs"),
    `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(path.join(dir, "hooks.mjs")).href)});\n`,
  );
  writeFileSync(
    path.join(dir, "hook.mjs"),
    "export default function hook(pi) { pi.on('tool_call', () => undefined); }\n",
  );
  writeFileSync(
    path.join(dir, "main.mjs"),
    `import { createRequire } from "node:module";
${body}
for (const file of Object.keys(createRequire(import.meta.url).cache)) process.stderr.write("LOADED " + file + "\\n");
`,
  );
  const run = spawnSync(process.execPath, ["--import", "./register.mjs", "main.mjs"], {
    cwd: dir,
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stderr
    .split("\n")
    .filter((line) => line.startsWith("LOADED "))
    .map((line) => line.slice("LOADED ".length));
}

/**
 * The agent registry (`@hookwire/settings-hooks/agents`: data the providers and the project root read) is the part
 * of settings-hooks every host loads; nothing else of it may come before discovery.
 */
const REGISTRY =
  /packages\/settings-hooks\/dist\/(agents\.js|chunks\/(agents?|rolldown-runtime)-[\w-]{8}\.js)$/;
const DISCOVERY =
  /packages\/(settings-hooks|shell-rules)\/|\/(diff|picomatch|smol-toml|zod|recheck|jsonc-parser|tapable|fastest-levenshtein|tinyglobby|shell-quote|es-module-lexer|proper-lockfile)\//;

describe("lazy imports", () => {
  beforeAll(() => ensureBuilt());

  it("loads hook modules without importing settings-hooks or any lazily required package", () => {
    const files = loadedBy(`const { loadHooks } = await import(${JSON.stringify(LOADER)});
const { hooks, errors } = await loadHooks(["./hook.mjs"], process.cwd());
if (hooks.length !== 1 || errors.length > 0) throw new Error("not loaded");`);
    expect(files.some((file) => file.includes("packages/core/dist/"))).toBe(true);
    expect(files.filter((file) => DISCOVERY.test(file) && !REGISTRY.test(file))).toEqual([]);
  });

  it("imports settings-hooks once discovery runs", () => {
    const files = loadedBy(`const { discoverAndLoadHooks } = await import(${JSON.stringify(LOADER)});
await discoverAndLoadHooks([], process.cwd(), { home: process.cwd(), trust: "all" });`);
    expect(files.some((file) => file.includes("packages/settings-hooks/dist/"))).toBe(true);
    expect(files.some((file) => file.includes("packages/loader/dist/chunks/discover-discovery-"))).toBe(true);
  });

  it("compiles only the dialects whose files the project has, and no shell analysis without an if rule", () => {
    const project = mkdtempSync(path.join(os.tmpdir(), "hookwire-lazy-project-"));
    const write = (file: string, json: unknown) => {
      mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
      writeFileSync(path.join(project, file), JSON.stringify(json));
    };
    const bash = { matcher: "Bash", hooks: [{ type: "command", command: "true" }] };
    write(".claude/settings.json", { hooks: { PreToolUse: [bash] } });
    const chunks = () =>
      loadedBy(`const { discoverAndLoadHooks, HOOK_FORMATS } = await import(${JSON.stringify(LOADER)});
const { HookRunner } = await import(${JSON.stringify(CORE)});
const { hooks, errors } = await discoverAndLoadHooks([], ${JSON.stringify(project)}, { home: ${JSON.stringify(project)}, trust: "all", formats: HOOK_FORMATS });
if (errors.length > 0 || hooks.length !== 1) throw new Error("loaded " + hooks.length);
const runner = new HookRunner(hooks, { cwd: ${JSON.stringify(project)} });
await runner.emit({ type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "ls" } });`)
        // The dialects compiled and the shell analysis: the chunks the bundler splits shared modules into (the TOML
        // reader, Claude's catalogue, the output parser, which the registry's entry shares) are not what this counts.
        .filter((file) =>
          /packages\/(settings-hooks|shell-rules)\/dist\/chunks\/(dialects-|shell-analyse|schema)/.test(file),
        )
        .map(
          (file) =>
            `${file.includes("packages/shell-rules/") ? "shell-rules:" : ""}${path.basename(file).replace(/-[\w-]{8}\.js$/, "")}`,
        );
    expect(chunks()).toEqual(["schema"]);
    write(".codex/hooks.json", { hooks: { PreToolUse: [bash] } });
    write(".claude/settings.json", {
      hooks: { PreToolUse: [{ ...bash, hooks: [{ ...bash.hooks[0], if: "Bash(rm *)" }] }] },
    });
    expect(chunks().sort()).toEqual(["dialects-codex-dialect", "schema", "shell-rules:shell-analyse"]);
  });
});
