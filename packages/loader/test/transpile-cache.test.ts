// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the hook modules written here hold template literals of their own.
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadHooks } from "../src/index.js";
import { fixture, fixturesDir, normalise, tempDir } from "./helpers/fixtures.js";

async function cachedFiles(dir: string): Promise<string[]> {
  return (await readdir(path.join(dir, "hookwire")).catch(() => [])).filter((name) => name.endsWith(".js"));
}

describe("module cache", () => {
  it("stores a self-contained TypeScript module once and loads it from the cache afterwards", async () => {
    const cache = await tempDir();
    const first = await loadHooks(["pi-style/protect-env.ts"], fixturesDir, {
      fsCache: cache,
      moduleCache: false,
    });
    const files = await cachedFiles(cache);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^protect-env\.ts\.[0-9a-f]{32}\.js$/);
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

  it("applies aliases, and caches an aliased TypeScript module like any helper", async () => {
    const cache = await tempDir();
    const result = await loadHooks(["alias-import/tagger.ts"], fixturesDir, {
      fsCache: cache,
      moduleCache: false,
      alias: { "@host/runtime": fixture("alias-import/host-runtime.ts") },
    });
    expect(result.errors).toEqual([]);
    expect((await cachedFiles(cache)).map((f) => f.replace(/\.[0-9a-f]{32}\./, ".<key>."))).toEqual([
      "host-runtime.ts.<key>.js",
      "tagger.ts.<key>.js",
    ]);
  });

  it("caches the TypeScript helpers a module imports, and a second start transforms nothing", async () => {
    const project = await tempDir();
    await writeFile(
      path.join(project, "lib.ts"),
      "export const tag = (s: string): string => `${s}-tagged`;\n",
    );
    await writeFile(
      path.join(project, "hook.ts"),
      'import { tag } from "./lib.js";\nexport default (pi: any): void => { pi.registerCommand(tag("x"), { handler() {} }); };\n',
    );
    const cache = await tempDir();
    const load = () =>
      loadHooks([path.join(project, "hook.ts")], project, { fsCache: cache, moduleCache: false });
    const first = await load();
    const files = await cachedFiles(cache);
    expect(files).toHaveLength(2);
    const written = await Promise.all(
      files.map(async (f) => (await stat(path.join(cache, "hookwire", f))).mtimeMs),
    );
    const second = await load();
    expect([first.errors, second.errors]).toEqual([[], []]);
    expect(second.hooks[0]?.commands.has("x-tagged")).toBe(true);
    const again = await Promise.all(
      files.map(async (f) => (await stat(path.join(cache, "hookwire", f))).mtimeMs),
    );
    expect(again).toEqual(written);
  });

  it("puts statements on their source lines, so a handler's stack names the right line", async () => {
    const project = await tempDir();
    await writeFile(
      path.join(project, "lines.ts"),
      [
        'import type { Stats } from "node:fs";',
        "",
        "interface Shape {",
        "  a: number;",
        "}",
        "",
        "export const shape: Shape = { a: 1 };",
        "export default function lines(pi: any): void {",
        "  const s: Stats | undefined = undefined;",
        "  throw new Error(`line 10 ${String(s)}`);",
        "}",
        "",
      ].join("\n"),
    );
    const { errors } = await loadHooks([path.join(project, "lines.ts")], project, {
      fsCache: await tempDir(),
    });
    const stack = String((errors[0]?.error.cause as Error | undefined)?.stack);
    expect(stack.split("\n")[1]).toContain(`${path.join(project, "lines.ts")}:10:`);
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

  it("resolves a package import from the hook's own folder, a cycle of helpers, and `export *`", async () => {
    const project = await tempDir();
    const pkg = path.join(project, "node_modules", "tiny-pkg");
    await mkdir(pkg, { recursive: true });
    await writeFile(
      path.join(pkg, "package.json"),
      '{ "name": "tiny-pkg", "type": "module", "main": "index.js" }',
    );
    await writeFile(path.join(pkg, "index.js"), 'export const from = "the package";\n');
    await writeFile(
      path.join(project, "a.ts"),
      'import { b } from "./b.ts";\nexport const a = (): string => `a${b()}`;\n',
    );
    await writeFile(
      path.join(project, "b.ts"),
      'import { a } from "./a.ts";\nexport const b = (): string => (typeof a === "function" ? "b" : "?");\n',
    );
    await writeFile(path.join(project, "all.ts"), 'export * from "./a.ts";\n');
    await writeFile(
      path.join(project, "hook.ts"),
      'import { from } from "tiny-pkg";\nimport { a } from "./all.ts";\nexport default (pi: any): void => { pi.registerCommand("pkg", { description: `${from} ${a()}`, handler() {} }); };\n',
    );
    const { hooks, errors } = await loadHooks([path.join(project, "hook.ts")], project, {
      fsCache: await tempDir(),
    });
    expect(errors).toEqual([]);
    expect(hooks[0]?.commands.get("pkg")?.description).toBe("the package ab");
  });
});
