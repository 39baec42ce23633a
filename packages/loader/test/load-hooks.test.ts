import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadHooks } from "../src/index.js";
import { fixture, fixturesDir, normalise, tempDir } from "./helpers/fixtures.js";
import { sessionlessRunner } from "./helpers/runner.js";

const noCache = { fsCache: false } as const;

async function loadOne(file: string, options = {}) {
  const result = await loadHooks([file], fixturesDir, { ...noCache, ...options });
  return {
    events: result.hooks.flatMap((hook) => [...hook.handlers.keys()]),
    errors: result.errors.map((entry) => ({
      path: entry.path,
      reason: entry.error.reason,
      message: normalise(entry.error.shortMessage, fixturesDir),
    })),
  };
}

describe("loadHooks: modules that load", () => {
  it("loads a TypeScript module through jiti", async () => {
    expect(await loadOne("ts-module/guard.ts")).toEqual({ events: ["tool_call"], errors: [] });
  });

  it("loads .mjs, .js and .cjs natively and .cts through jiti", async () => {
    expect(await loadOne("mjs-module/audit.mjs")).toEqual({ events: ["tool_result"], errors: [] });
    expect(await loadOne("js-module/turns.js")).toEqual({ events: ["turn_start", "turn_end"], errors: [] });
    expect(await loadOne("cjs-module/notify.cjs")).toEqual({ events: ["agent_end"], errors: [] });
    expect(await loadOne("cts-module/notify.cts")).toEqual({ events: ["agent_start"], errors: [] });
  });

  it("waits for an async factory before the hook counts as loaded", async () => {
    expect(await loadOne("async-factory/delayed.ts")).toEqual({ events: ["session_start"], errors: [] });
  });

  it("keeps the order of the paths and records where each module came from", async () => {
    const { hooks } = await loadHooks(
      ["js-module/turns.js", fixture("ts-module/guard.ts"), "mjs-module/audit.mjs"],
      fixturesDir,
      noCache,
    );
    expect(hooks.map((hook) => [hook.path, hook.source])).toEqual([
      ["js-module/turns.js", { kind: "module", level: "explicit" }],
      [fixture("ts-module/guard.ts"), { kind: "module", level: "explicit" }],
      ["mjs-module/audit.mjs", { kind: "module", level: "explicit" }],
    ]);
    expect(hooks[0]?.resolvedPath).toBe(fixture("js-module/turns.js"));
  });

  it("runs a pi-style module whose host package is only imported as a type", async () => {
    const { hooks, errors } = await loadHooks(["pi-style/protect-env.ts"], fixturesDir, noCache);
    expect(errors).toEqual([]);
    const runner = sessionlessRunner(hooks, fixturesDir);
    const blocked = await runner.emitToolCall({
      toolName: "read",
      toolCallId: "1",
      input: { path: "app/.env" },
    });
    const allowed = await runner.emitToolCall({
      toolName: "read",
      toolCallId: "2",
      input: { path: "README.md" },
    });
    expect(blocked).toMatchObject({ block: true, reason: "reading app/.env is blocked" });
    expect(allowed?.block).not.toBe(true);
    expect(runner.getCommand("env-guard")?.description).toBe("Shows that .env reads are blocked");
  });

  it("satisfies a module's runtime import of a host package through the alias option", async () => {
    const { hooks, errors } = await loadHooks(["alias-import/tagger.ts"], fixturesDir, {
      ...noCache,
      moduleCache: false,
      alias: { "@host/runtime": fixture("alias-import/host-runtime.ts") },
    });
    expect(errors).toEqual([]);
    const outcome = await sessionlessRunner(hooks, fixturesDir).emit({
      type: "tool_result",
      toolName: "read",
      toolCallId: "1",
      input: {},
      content: [],
      details: undefined,
      isError: false,
    });
    expect(outcome).toMatchObject({ details: "[host] tagged" });
  });

  it("re-evaluates an edited native module when moduleCache is off", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "edited.mjs");
    await writeFile(file, 'export default (pi) => { pi.on("turn_start", () => {}); };\n');
    const first = await loadHooks([file], dir, { moduleCache: false });
    await writeFile(file, 'export default (pi) => { pi.on("turn_end", () => {}); };\n');
    const second = await loadHooks([file], dir, { moduleCache: false });
    expect([...(first.hooks[0]?.handlers.keys() ?? [])]).toEqual(["turn_start"]);
    expect([...(second.hooks[0]?.handlers.keys() ?? [])]).toEqual(["turn_end"]);
  });
});

describe("loadHooks: modules that fail", () => {
  it("reports a missing file with where it looked", async () => {
    expect((await loadOne("missing/audit.ts")).errors).toMatchInlineSnapshot(`
      [
        {
          "message": "Hook module \`missing/audit.ts\` was not found at \`<cwd>/missing/audit.ts\`. Check the path or remove it from the configured hooks.",
          "path": "missing/audit.ts",
          "reason": "not-found",
        },
      ]
    `);
  });

  it("reports a file that is not a module", async () => {
    expect((await loadOne("missing/check.sh")).errors).toMatchInlineSnapshot(`
      [
        {
          "message": "Hook module \`missing/check.sh\` has extension \`.sh\`; expected one of .ts, .mts, .cts, .js, .mjs, .cjs. Scripts run as command hooks from a hooks/pre or hooks/post folder, or from a settings file.",
          "path": "missing/check.sh",
          "reason": "unsupported-extension",
        },
      ]
    `);
  });

  it("reports a syntax error with its location", async () => {
    expect((await loadOne("bad-syntax/broken.ts")).errors).toMatchInlineSnapshot(`
      [
        {
          "message": "Hook module \`bad-syntax/broken.ts\` could not be imported: Expected \`)\` but found \`EOF\` (at <cwd>/bad-syntax/broken.ts:7:0). Fix the module so it evaluates, then reload.",
          "path": "bad-syntax/broken.ts",
          "reason": "import-failed",
        },
      ]
    `);
  });

  it("reports a syntax error in a native module with its location", async () => {
    expect((await loadOne("bad-syntax-mjs/broken.mjs")).errors).toMatchInlineSnapshot(`
      [
        {
          "message": "Hook module \`bad-syntax-mjs/broken.mjs\` could not be imported: Expected \`)\` but found \`EOF\` (at <cwd>/bad-syntax-mjs/broken.mjs:7:0). Fix the module so it evaluates, then reload.",
          "path": "bad-syntax-mjs/broken.mjs",
          "reason": "import-failed",
        },
      ]
    `);
  });

  it("reports a runtime import that no alias provides", async () => {
    // Without the runtime cache, the copy loaded with an alias by another test is not reused.
    expect((await loadOne("alias-import/tagger.ts", { moduleCache: false })).errors).toMatchInlineSnapshot(`
      [
        {
          "message": "Hook module \`alias-import/tagger.ts\` could not be imported: Cannot find module '@host/runtime' imported from <cwd>/alias-import/tagger.ts (package \`@host/runtime\` is not installed where \`<cwd>/alias-import/tagger.ts\` can see it). Fix the module so it evaluates, then reload.",
          "path": "alias-import/tagger.ts",
          "reason": "import-failed",
        },
      ]
    `);
  });

  it("reports a module without a default export", async () => {
    expect((await loadOne("no-default/named-only.ts")).errors).toMatchInlineSnapshot(`
      [
        {
          "message": "Hook module \`no-default/named-only.ts\` has no default export; expected \`export default function (pi) { … }\`.",
          "path": "no-default/named-only.ts",
          "reason": "no-default-export",
        },
      ]
    `);
  });

  it("reports a default export that is not a function", async () => {
    expect((await loadOne("default-string/audit.ts")).errors).toMatchInlineSnapshot(`
      [
        {
          "message": "Hook module \`default-string/audit.ts\` must default-export a function, got \`string\`.",
          "path": "default-string/audit.ts",
          "reason": "default-not-function",
        },
      ]
    `);
  });

  it("reports a factory that throws", async () => {
    expect((await loadOne("factory-throws/throws.ts")).errors).toMatchInlineSnapshot(`
      [
        {
          "message": "Hook module \`factory-throws/throws.ts\` failed while its default export ran: missing AUDIT_URL. The factory must register handlers without throwing.",
          "path": "factory-throws/throws.ts",
          "reason": "factory-failed",
        },
      ]
    `);
  });

  it("reports an async factory that rejects", async () => {
    expect((await loadOne("factory-rejects/rejects.mjs")).errors).toMatchInlineSnapshot(`
      [
        {
          "message": "Hook module \`factory-rejects/rejects.mjs\` failed while its default export ran: config server unreachable. The factory must register handlers without throwing.",
          "path": "factory-rejects/rejects.mjs",
          "reason": "factory-failed",
        },
      ]
    `);
  });

  it("keeps loading the other paths after a failure", async () => {
    const result = await loadHooks(
      ["default-string/audit.ts", "ts-module/guard.ts", "missing/x.ts", "js-module/turns.js"],
      fixturesDir,
      noCache,
    );
    expect(result.hooks.map((hook) => hook.path)).toEqual(["ts-module/guard.ts", "js-module/turns.js"]);
    expect(result.errors.map((entry) => [entry.path, entry.error.code])).toEqual([
      ["default-string/audit.ts", "HOOK_LOAD_FAILED"],
      ["missing/x.ts", "HOOK_LOAD_FAILED"],
    ]);
  });
});
