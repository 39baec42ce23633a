import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverAndLoadHooks, loadHooks } from "../src/index.js";
import { tempDir } from "./helpers/fixtures.js";

const STUCK_FACTORY = `export default function (pi) {
  pi.on("session_start", () => {});
  return new Promise(() => {});
}
`;
const STUCK_EVALUATION = "await new Promise(() => {});\nexport default function () {}\n";
const FINE =
  'export default (pi: { on(e: string, h: () => void): void }) => pi.on("session_start", () => {});\n';

describe("loading within a time limit", () => {
  it("fails a factory that never settles and a module whose top-level await never settles, and loads the rest", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "stuck-factory.mjs"), STUCK_FACTORY);
    await writeFile(path.join(dir, "stuck-evaluation.mjs"), STUCK_EVALUATION);
    await writeFile(path.join(dir, "fine.ts"), FINE);
    const { hooks, errors } = await loadHooks(["stuck-factory.mjs", "stuck-evaluation.mjs", "fine.ts"], dir, {
      loadTimeout: 200,
      fsCache: false,
    });
    expect(hooks.map((hook) => hook.path)).toEqual(["fine.ts"]);
    expect(errors.map((e) => [e.path, e.error.code, e.error.reason, e.error.message])).toEqual([
      [
        "stuck-factory.mjs",
        "HOOK_LOAD_TIMEOUT",
        "load-timeout",
        "Hook `stuck-factory.mjs` did not finish loading within 200 ms. A factory must register its handlers and settle; start long work inside a handler (e.g. session_start) instead.",
      ],
      [
        "stuck-evaluation.mjs",
        "HOOK_LOAD_TIMEOUT",
        "load-timeout",
        "Hook `stuck-evaluation.mjs` did not finish loading within 200 ms. A factory must register its handlers and settle; start long work inside a handler (e.g. session_start) instead.",
      ],
    ]);
  });

  it("discovery passes the limit through to every module it loads", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "stuck.mjs"), STUCK_FACTORY);
    const result = await discoverAndLoadHooks(["stuck.mjs"], dir, {
      home: dir,
      loadTimeout: 150,
      fsCache: false,
    });
    expect(result.errors.map((e) => [e.path, e.error.code])).toEqual([["stuck.mjs", "HOOK_LOAD_TIMEOUT"]]);
  });
});
