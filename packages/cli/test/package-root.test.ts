import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_PROJECT, DEMO_SCRIPT } from "../src/demo/run-demo.js";
import { packageRoot } from "../src/package-root.js";

const kept: string[] = [];
afterEach(() => {
  for (const dir of kept.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A package folder `pkg/` named @hookwire/cli with a nested package of another name inside it. */
function layout(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "hookwire-package-root-"));
  kept.push(dir);
  const pkg = path.join(dir, "pkg");
  mkdirSync(path.join(pkg, "dist", "chunks", "deeper"), { recursive: true });
  mkdirSync(path.join(pkg, "node_modules", "other", "lib"), { recursive: true });
  writeFileSync(path.join(pkg, "package.json"), JSON.stringify({ name: "@hookwire/cli" }));
  writeFileSync(path.join(pkg, "node_modules", "other", "package.json"), JSON.stringify({ name: "other" }));
  // Not JSON: a broken manifest on the way up is passed over, not fatal.
  writeFileSync(path.join(pkg, "dist", "package.json"), "{ not json");
  return pkg;
}

describe("packageRoot", () => {
  it("finds the package folder from a module at any depth below it", () => {
    const pkg = layout();
    for (const file of ["dist/index.js", "dist/chunks/demo-x.js", "dist/chunks/deeper/a.js"]) {
      expect(packageRoot(pathToFileURL(path.join(pkg, file)).href, "@hookwire/cli")).toBe(pkg);
      expect(packageRoot(path.join(pkg, file), "@hookwire/cli")).toBe(pkg);
    }
  });

  it("walks past a package.json of another name", () => {
    const pkg = layout();
    expect(packageRoot(path.join(pkg, "node_modules", "other", "lib", "x.js"), "@hookwire/cli")).toBe(pkg);
  });

  it("says which package it could not find", () => {
    const pkg = layout();
    expect(() => packageRoot(path.join(pkg, "dist", "index.js"), "@hookwire/absent")).toThrow(
      /No package\.json named @hookwire\/absent above .*: the @hookwire\/absent installation is incomplete; reinstall it\./,
    );
  });

  it("places the demo project and script in the CLI's dist, where the build assembles them", () => {
    const cli = path.resolve(import.meta.dirname, "..");
    expect(DEMO_PROJECT).toBe(path.join(cli, "dist", "demo", "project"));
    expect(DEMO_SCRIPT).toBe(path.join(cli, "dist", "demo", "script.jsonl"));
  });
});
