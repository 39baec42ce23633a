import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exampleRoot } from "./harness.js";

// The CLI's demo ships copies of these examples inside its package; they must not drift apart.
const demo = path.resolve(exampleRoot, "../../packages/cli/demo/project");

function files(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(path.join(dir, name), "utf8")]),
  );
}

describe("the demo's copies of the examples", () => {
  it.each([
    ["hooks", ".hookwire/hooks"],
    [".claude/scripts", ".claude/scripts"],
  ])("%s equals the demo's %s", (ours, theirs) => {
    expect(files(path.join(demo, theirs))).toEqual(files(path.join(exampleRoot, ours)));
  });

  it("keeps the scripts executable in the demo", () => {
    for (const name of readdirSync(path.join(demo, ".claude/scripts"))) {
      expect(statSync(path.join(demo, ".claude/scripts", name)).mode & 0o111).not.toBe(0);
    }
  });
});
