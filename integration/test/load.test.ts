// Load: 10,000 wrapped tool calls, 200 at a time, through 5 TS hooks and 2 command hooks, in a child `node --expose-gc`.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { tempDir } from "./support/temp-dir.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const work = tempDir("load");
afterAll(() => work.remove());

interface LoadReport {
  calls: number;
  commandCalls: number;
  crossTalk: number;
  samples: unknown[];
  unhandled: number;
  hookErrors: string[];
  heapBefore: number;
  heapAfter: number;
  leftovers: string[];
}

it("runs 10,000 concurrent calls with no cross-talk, no unhandled rejection, a flat heap and every child reaped", async () => {
  for (const pkg of ["core", "loader", "settings-hooks", "tool-wrapper"]) {
    // The child imports the built packages, as a host would; `pnpm test` builds them first.
    expect(
      existsSync(path.join(root, "packages", pkg, "dist", "index.js")),
      `run \`pnpm build\` first (${pkg})`,
    ).toBe(true);
  }
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--expose-gc", path.join(here, "load", "load-run.mjs"), work.dir, "10000", "200", "25"],
    { timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout.trim().split("\n").at(-1)!) as LoadReport;
  expect(report.calls).toBe(10_000);
  expect(report.commandCalls).toBe(400);
  expect({ crossTalk: report.crossTalk, samples: report.samples }).toEqual({ crossTalk: 0, samples: [] });
  expect(report.unhandled).toBe(0);
  expect(report.hookErrors).toEqual([]);
  expect(report.heapAfter / report.heapBefore).toBeLessThan(1.1);
  expect(report.leftovers).toEqual([]);
}, 100_000);
