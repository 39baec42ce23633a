// `tsc -b` checks each package once, in dependency order, only when the tsconfig project references say what
// package.json says: a dependency missing from them type-checks against a stale or absent build.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

interface Project {
  /** The folder of the package.json, relative to the repository. */
  dir: string;
  name: string;
  workspaceDeps: string[];
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(repoRoot, file), "utf8"));
}

/** Every workspace project: the folders pnpm-workspace.yaml lists (`packages/*`, `examples/*`, …). */
function projects(): Project[] {
  const patterns = readFileSync(path.join(repoRoot, "pnpm-workspace.yaml"), "utf8")
    .split("\n")
    .flatMap((line) => /^\s+- (\S+)$/.exec(line)?.[1] ?? []);
  const dirs = patterns.flatMap((pattern) =>
    pattern.endsWith("/*")
      ? readdirSync(path.join(repoRoot, pattern.slice(0, -2))).map(
          (name) => `${pattern.slice(0, -2)}/${name}`,
        )
      : [pattern],
  );
  return dirs
    .filter((dir) => existsSync(path.join(repoRoot, dir, "package.json")))
    .map((dir) => {
      const manifest = readJson(`${dir}/package.json`);
      const deps = { ...(manifest.dependencies as object), ...(manifest.devDependencies as object) };
      const workspaceDeps = Object.entries(deps)
        .filter(([, version]) => String(version).startsWith("workspace:"))
        .map(([name]) => name);
      return { dir, name: String(manifest.name), workspaceDeps };
    });
}

/** The folders a tsconfig references, relative to the repository. */
function references(config: string): string[] {
  const refs = (readJson(config).references ?? []) as Array<{ path: string }>;
  return refs.map((ref) => path.relative(repoRoot, path.resolve(repoRoot, path.dirname(config), ref.path)));
}

describe("the TypeScript project references", () => {
  const all = projects();
  const byName = new Map(all.map((project) => [project.name, project]));
  // A package others import is a composite project of its sources (declarations into dist/).
  const built = all.filter((project) => existsSync(path.join(repoRoot, project.dir, "src/index.ts")));
  const isBuilt = (name: string) =>
    built.some((project) => project.name === name) && byName.get(name)?.dir.startsWith("packages/");

  it("name, for every project, the built workspace packages its package.json depends on", () => {
    for (const project of all) {
      const expected = project.workspaceDeps
        .filter(isBuilt)
        .map((name) => byName.get(name)!.dir)
        .sort();
      const configs = project.dir.startsWith("packages/")
        ? [`${project.dir}/tsconfig.json`, `${project.dir}/test/tsconfig.json`]
        : [`${project.dir}/tsconfig.json`];
      const own = project.dir.startsWith("packages/") ? [project.dir] : [];
      const named = configs.flatMap(references).filter((dir) => !own.includes(dir));
      expect([...new Set(named)].sort(), project.dir).toEqual(expected);
    }
  });

  it("name, in a package's test tsconfig, every other package whose sources its tests import", () => {
    // `../../settings-hooks/src/x.js` from a test compiles that package's sources into the test program unless
    // the test project references it; then `tsc -b` checks them against the wrong options, or not at all.
    for (const project of built.filter((p) => existsSync(path.join(repoRoot, p.dir, "test/tsconfig.json")))) {
      const testDir = path.join(repoRoot, project.dir, "test");
      const imported = new Set<string>();
      for (const file of readdirSync(testDir, { recursive: true }) as string[]) {
        if (!/\.m?ts$/.test(file)) continue;
        const text = readFileSync(path.join(testDir, file), "utf8");
        for (const match of text.matchAll(/from "((?:\.\.\/)+)([a-z-]+)\/src\//g)) {
          const dir = path.relative(
            repoRoot,
            path.resolve(testDir, path.dirname(file), match[1]!, match[2]!),
          );
          if (dir !== project.dir && dir.startsWith("packages/")) imported.add(dir);
        }
      }
      const named = references(`${project.dir}/test/tsconfig.json`);
      expect(
        [...imported].filter((dir) => !named.includes(dir)),
        `${project.dir}/test`,
      ).toEqual([]);
    }
  });

  it("cover every project from the root tsconfig, which `pnpm typecheck` builds", () => {
    const expected = all
      .filter(
        (project) => project.dir !== "." && existsSync(path.join(repoRoot, project.dir, "tsconfig.json")),
      )
      .flatMap((project) =>
        project.dir.startsWith("packages/") ? [project.dir, `${project.dir}/test`] : [project.dir],
      );
    expect(references("tsconfig.json").sort()).toEqual(expected.sort());
  });
});
