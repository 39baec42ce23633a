import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";

const here = path.dirname(fileURLToPath(import.meta.url));

beforeAll(() => ensureBuilt(), 180_000);

describe("@hookwire/testing under node:test", () => {
  it("runs a hook author's node:test file against the built package", () => {
    const run = spawnSync(
      process.execPath,
      ["--test", "--test-reporter=tap", path.join(here, "fixtures/node-test/guard.test.mjs")],
      {
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^# pass 2$/m);
    expect(run.stdout).toMatch(/^# fail 0$/m);
    expect(run.status).toBe(0);
  });
});
