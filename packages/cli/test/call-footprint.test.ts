// What an in-process call (no server) loads of Node's own modules: nothing for reading its input, writing its answer
// (stdout and stderr are pipes here, as an agent gives them) or timing itself.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin, claudeBash, sandbox } from "./cli-harness.js";
import { boxEnv } from "./serve-harness.js";

beforeAll(() => ensureBuilt());

/** Node's modules a `hookwire hook claude PreToolUse` process loaded (`process.moduleLoadList` at its exit). */
function builtinsOfCall(): string[] {
  const box = sandbox("connect");
  mkdirSync(path.join(box.cwd, ".hookwire/hooks"), { recursive: true });
  writeFileSync(
    path.join(box.cwd, ".hookwire/hooks/guard.mjs"),
    'export default (pi) => pi.on("tool_call", () => undefined);\n',
  );
  expect(box.run(["trust", "--yes"]).code).toBe(0);
  const dir = mkdtempSync(path.join(os.tmpdir(), "hookwire-footprint-"));
  const preload = path.join(dir, "preload.cjs");
  const list = path.join(dir, "modules.txt");
  writeFileSync(
    preload,
    `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join("\\n")));\n`,
  );
  // Twice: the first writes the hook path's code cache, the second is a call as most are.
  for (let i = 0; i < 2; i++) {
    const run = spawnSync(process.execPath, ["--require", preload, bin, "hook", "claude", "PreToolUse"], {
      cwd: box.cwd,
      env: boxEnv(box),
      input: claudeBash(box.cwd, "ls", "s-footprint"),
      encoding: "utf8",
    });
    expect(run.stdout).toBe('{"hookSpecificOutput":{"hookEventName":"PreToolUse"}}');
  }
  return readFileSync(list, "utf8").split("\n");
}

describe("an in-process call", () => {
  it("ends with its exit code, saying nothing, when the agent stopped reading its answer", async () => {
    const box = sandbox("connect");
    const child = spawn(process.execPath, [bin, "hook", "claude", "PreToolUse"], {
      cwd: box.cwd,
      env: boxEnv(box),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    // The reading end is closed before the answer: writing it fails with EPIPE.
    child.stdout.destroy();
    child.stdin.end(claudeBash(box.cwd, "ls", "s-gone"));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  });

  it("reads its input and writes its answer without a stream, and times itself without node:perf_hooks", () => {
    const loaded = builtinsOfCall();
    expect(loaded).toContain("NativeModule internal/process/per_thread");
    expect(
      loaded.filter((name) =>
        /^NativeModule (perf_hooks|internal\/perf\/performance$|internal\/fs\/streams|net$|internal\/fs\/sync_write_stream)/.test(
          name,
        ),
      ),
    ).toEqual([]);
  });
});
