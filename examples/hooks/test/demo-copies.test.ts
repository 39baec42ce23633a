import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { exampleRoot } from "./harness.js";

// The CLI's build copies these examples into the demo it ships (packages/cli/dist/demo/): this is their one source.
const demo = path.resolve(exampleRoot, "../../packages/cli/dist/demo/project");

function files(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(path.join(dir, name), "utf8")]),
  );
}

describe("the demo the CLI ships", () => {
  beforeAll(() => ensureBuilt());

  it.each([
    ["hooks", ".hookwire/hooks"],
    [".claude/scripts", ".claude/scripts"],
  ])("holds %s as the demo's %s, byte for byte", (ours, theirs) => {
    expect(files(path.join(demo, theirs))).toEqual(files(path.join(exampleRoot, ours)));
  });

  it("keeps the scripts executable", () => {
    for (const name of readdirSync(path.join(demo, ".claude/scripts"))) {
      expect(statSync(path.join(demo, ".claude/scripts", name)).mode & 0o111).not.toBe(0);
    }
  });
});
