import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findProjectRoot } from "@hookwire/loader/project-root";
import { afterAll, describe, expect, it } from "vitest";
import { describeRoot } from "../src/project-root.js";

const root = mkdtempSync(path.join(tmpdir(), "hookwire-root-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("findProjectRoot", () => {
  it("never takes the home folder for a project, though its .claude looks like one", () => {
    const home = path.join(root, "home");
    const start = path.join(home, "code/app/src");
    mkdirSync(path.join(home, ".claude"), { recursive: true });
    mkdirSync(start, { recursive: true });
    const found = findProjectRoot(start, home);
    expect(found).toEqual({
      root: start,
      start,
      searched: [start, path.join(home, "code/app"), path.join(home, "code")],
    });
    expect(describeRoot(found)?.replaceAll(home, "~")).toBe(
      "no .git or hook folder in ~/code/app/src, ~/code/app, ~/code; using ~/code/app/src",
    );
  });

  it("takes home itself when that is where the command runs", () => {
    const home = path.join(root, "home2");
    mkdirSync(path.join(home, ".claude"), { recursive: true });
    expect(findProjectRoot(home, home)).toMatchObject({ root: home, marker: ".claude" });
  });

  it("stops at the nearest marker, .git file or folder alike (worktrees have a .git file)", () => {
    const outer = path.join(root, "outer");
    const inner = path.join(outer, "packages/inner");
    mkdirSync(path.join(outer, ".hookwire"), { recursive: true });
    mkdirSync(path.join(inner, "src"), { recursive: true });
    symlinkSync("/dev/null", path.join(inner, ".git"));
    const found = findProjectRoot(path.join(inner, "src"), "/nonexistent-home");
    expect(found).toMatchObject({ root: inner, marker: ".git" });
    expect(describeRoot(found)).toBe(
      `project root ${inner} (found .git; searched ${path.join(inner, "src")}, ${inner})`,
    );
  });
});
