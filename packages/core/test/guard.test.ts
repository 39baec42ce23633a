import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { stackFiles } from "../src/stack-files.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");
const jitiRegister = path.join(repoRoot, "packages/loader/node_modules/jiti/lib/jiti-register.mjs");
const host = path.join(here, "fixtures/guard/host.mjs");

/** The guard changes process-wide behaviour, so each case is a real host process of its own. */
function runHost(mode: "guarded" | "unguarded" | "host-bug") {
  const child = spawnSync(process.execPath, ["--conditions=source", "--import", jitiRegister, host, mode], {
    cwd: repoRoot,
    encoding: "utf8",
    timeout: 60_000,
  });
  const lines = child.stdout.split("\n").filter(Boolean);
  return { status: child.status, stderr: child.stderr, lines };
}

describe("the process guard", () => {
  it("turns a hook's stray timer throw and unhandled rejection into HookErrors of that hook; the host keeps running", () => {
    const { status, stderr, lines } = runHost("guarded");
    expect(stderr).toBe("");
    expect(status).toBe(0);
    expect(lines.slice(0, -1).map((line) => JSON.parse(line))).toMatchInlineSnapshot(`
      [
        {
          "code": "HOOK_UNCAUGHT",
          "event": "unhandledRejection",
          "hookPath": "hooks/stray.mjs",
          "message": "unhandled rejection outside any handler: stray rejection. The host kept running.",
        },
        {
          "code": "HOOK_UNCAUGHT",
          "event": "uncaughtException",
          "hookPath": "hooks/stray.mjs",
          "message": "uncaught exception outside any handler: stray throw from a timer. The host kept running.",
        },
        {
          "code": "HOOK_UNCAUGHT",
          "event": "uncaughtException",
          "hookPath": "hooks/folder/index.mjs",
          "message": "uncaught exception outside any handler: helper blew up. The host kept running.",
        },
      ]
    `);
    expect(lines.at(-1)).toBe("survived");
  });

  it("is opt-in: without it the same hook ends the process", () => {
    const { status, stderr, lines } = runHost("unguarded");
    expect(status).toBe(1);
    expect(stderr).toContain("Error: stray rejection");
    expect(lines).not.toContain("survived");
  });

  it("lets an error that is not a hook's end the process as Node would", () => {
    const { status, stderr, lines } = runHost("host-bug");
    expect(status).toBe(1);
    expect(stderr).toContain("Error: the host's own bug");
    expect(lines).not.toContain("survived");
  });
});

describe("stackFiles", () => {
  it("reads paths and file URLs (query and hash dropped) from V8 frames, innermost first", () => {
    const error = new Error("x");
    error.stack = [
      "Error: x (see /not/a/frame.ts:1:1)",
      "    at Timeout._onTimeout (/home/u/.pi/hooks/a (copy).ts:3:9)",
      "    at file:///home/u/hooks/b.mjs?hookwire-reload=2:1:5",
      "    at async Promise.all (index 0)",
      "    at listOnTimeout (node:internal/timers:581:17)",
    ].join("\n");
    expect(stackFiles(error)).toEqual(["/home/u/.pi/hooks/a (copy).ts", "/home/u/hooks/b.mjs"]);
    expect(stackFiles("not an error")).toEqual([]);
  });
});
