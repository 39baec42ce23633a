// scripts/build-package.mjs on a package of its own: a build with nothing changed redoes nothing, a changed
// input rebuilds, and what a build leaves in dist/ is only what the current sources make.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const script = path.resolve(import.meta.dirname, "../../../scripts/build-package.mjs");
let pkg = "";

function build(...args: string[]): { code: number | null; output: string } {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: pkg,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: result.status, output: result.stdout + result.stderr };
}

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(pkg, file)), { recursive: true });
  writeFileSync(path.join(pkg, file), text);
};
const read = (file: string) => readFileSync(path.join(pkg, file), "utf8");
const mtime = (file: string) => statSync(path.join(pkg, file)).mtimeMs;

beforeAll(() => {
  pkg = mkdtempSync(path.join(tmpdir(), "hookwire-build-package-"));
  write(
    "package.json",
    JSON.stringify({ name: "probe", version: "1.0.0", type: "module", sideEffects: false }),
  );
  write(
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        types: [],
        composite: true,
        emitDeclarationOnly: true,
        rootDir: "src",
        outDir: "dist",
        tsBuildInfoFile: "dist/.tsbuildinfo",
      },
      include: ["src"],
    }),
  );
  write("src/index.ts", 'export { greet } from "./greet.js";\nexport { extra } from "./extra.js";\n');
  write("src/greet.ts", 'export const greet = (name: string): string => "hello " + name;\n');
  write("src/extra.ts", "export const extra = 1;\n");
  write("assets/data.txt", "one\n");
});

afterAll(() => rmSync(pkg, { recursive: true, force: true }));

describe("build-package", () => {
  it("writes declarations, the bundle and what it copies", () => {
    const first = build("--copy", "assets=assets");
    expect(first.output).not.toContain("up to date");
    expect(first.code).toBe(0);
    expect(read("dist/index.js")).toContain("hello");
    expect(read("dist/greet.d.ts")).toContain("greet");
    expect(read("dist/assets/data.txt")).toBe("one\n");
  });

  it("redoes nothing when no input changed, even if a file was touched", () => {
    const before = mtime("dist/index.js");
    utimesSync(path.join(pkg, "src/greet.ts"), new Date(), new Date(Date.now() + 5_000));
    const again = build("--copy", "assets=assets");
    expect(again.code).toBe(0);
    expect(again.output).toContain("probe: bundle up to date");
    expect(mtime("dist/index.js")).toBe(before);
  });

  it("rebuilds when a source, a copied file or an argument changes", () => {
    write("src/greet.ts", 'export const greet = (name: string): string => "bonjour " + name;\n');
    expect(build("--copy", "assets=assets").output).not.toContain("up to date");
    expect(read("dist/index.js")).toContain("bonjour");

    write("assets/data.txt", "two\n");
    expect(build("--copy", "assets=assets").output).not.toContain("up to date");
    expect(read("dist/assets/data.txt")).toBe("two\n");

    expect(build().output).not.toContain("up to date");
    expect(existsSync(path.join(pkg, "dist/assets"))).toBe(false);
  });

  it("removes what a deleted module left in dist/", () => {
    write("src/index.ts", 'export { greet } from "./greet.js";\n');
    rmSync(path.join(pkg, "src/extra.ts"));
    const result = build();
    expect(result.code).toBe(0);
    expect(existsSync(path.join(pkg, "dist/extra.d.ts"))).toBe(false);
    expect(read("dist/index.js")).not.toContain("extra");
  });
});
