import { readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadHooks } from "../src/index.js";
import { isSelfContained } from "../src/load/transpile-cache.js";
import { fixture, fixturesDir, normalise, tempDir } from "./helpers/fixtures.js";

async function cachedFiles(dir: string): Promise<string[]> {
  return (await readdir(path.join(dir, "hookwire")).catch(() => [])).filter((name) => name.endsWith(".cjs"));
}

describe("transpile cache", () => {
  it("stores a self-contained TypeScript module once and loads it from the cache afterwards", async () => {
    const cache = await tempDir();
    const first = await loadHooks(["pi-style/protect-env.ts"], fixturesDir, {
      fsCache: cache,
      moduleCache: false,
    });
    const files = await cachedFiles(cache);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^protect-env\.ts\.[0-9a-f]{32}\.cjs$/);
    const written = (await stat(path.join(cache, "hookwire", files[0]!))).mtimeMs;
    const second = await loadHooks(["pi-style/protect-env.ts"], fixturesDir, {
      fsCache: cache,
      moduleCache: false,
    });
    expect([first.errors, second.errors]).toEqual([[], []]);
    expect(second.hooks[0]?.commands.has("env-guard")).toBe(true);
    expect((await stat(path.join(cache, "hookwire", files[0]!))).mtimeMs).toBe(written);
  });

  it("gives default, namespace and named imports of Node built-ins the same values cold and warm", async () => {
    const cache = await tempDir();
    const load = () =>
      loadHooks(["builtin-imports/paths.ts"], fixturesDir, { fsCache: cache, moduleCache: false });
    const cold = await load();
    expect(await cachedFiles(cache)).toHaveLength(1);
    const warm = await load();
    const uncached = await loadHooks(["builtin-imports/paths.ts"], fixturesDir, {
      fsCache: false,
      moduleCache: false,
    });
    const described = [cold, warm, uncached].map(
      (r) => r.errors.map((e) => e.error.message).join() || r.hooks[0]?.commands.get("builtins")?.description,
    );
    expect(described).toEqual([
      "function function function true",
      "function function function true",
      "function function function true",
    ]);
  });

  it("still loads when the cache folder cannot be written", async () => {
    const blocker = path.join(await tempDir(), "not-a-folder");
    await writeFile(blocker, "a file where the cache folder would go");
    const result = await loadHooks(["pi-style/protect-env.ts"], fixturesDir, {
      fsCache: blocker,
      moduleCache: false,
    });
    expect(result.errors).toEqual([]);
    expect(result.hooks[0]?.commands.has("env-guard")).toBe(true);
  });

  it("loads modules with runtime imports through jiti, where aliases apply", async () => {
    const cache = await tempDir();
    const result = await loadHooks(["alias-import/tagger.ts"], fixturesDir, {
      fsCache: cache,
      moduleCache: false,
      alias: { "@host/runtime": fixture("alias-import/host-runtime.ts") },
    });
    expect(result.errors).toEqual([]);
    expect(await cachedFiles(cache)).toEqual([]);
  });

  it("reports a syntax error exactly as without the cache", async () => {
    const cache = await tempDir();
    const withCache = await loadHooks(["bad-syntax/broken.ts"], fixturesDir, { fsCache: cache });
    const without = await loadHooks(["bad-syntax/broken.ts"], fixturesDir, { fsCache: false });
    expect(withCache.errors[0]?.error.message).toBe(without.errors[0]?.error.message);
    expect(await cachedFiles(cache)).toEqual([]);
  });

  it("names the source file, not the cached copy, in the stack of a failing factory", async () => {
    const cache = await tempDir();
    const { errors } = await loadHooks(["factory-throws/throws.ts"], fixturesDir, { fsCache: cache });
    const cause = errors[0]?.error.cause as Error | undefined;
    const stack = normalise(String(cause?.stack), fixturesDir);
    expect(stack.split("\n")[1]).toContain("<cwd>/factory-throws/throws.ts:3");
  });
});

describe("isSelfContained", () => {
  it("accepts code that requires only Node built-ins", () => {
    expect(
      isSelfContained('var _fs = require("node:fs"); var p = require("path"); exports.default = 1;'),
    ).toBe(true);
  });

  it("rejects relative and package requires, dynamic requires and jiti's runtime", () => {
    expect(isSelfContained('require("./lib")')).toBe(false);
    expect(isSelfContained('require("@mariozechner/pi-coding-agent")')).toBe(false);
    expect(isSelfContained("require(name)")).toBe(false);
    expect(isSelfContained('var a = await jitiImport("x")')).toBe(false);
    expect(isSelfContained("exports.a = __dirname")).toBe(false);
    expect(isSelfContained('exports.__JITI_ERROR__ = {"message": "Unexpected token"}')).toBe(false);
  });
});
