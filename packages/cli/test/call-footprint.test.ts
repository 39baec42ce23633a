// What a call loads of Node's own modules. In process (no server): nothing for reading its input, writing its answer
// (stdout and stderr are pipes here, as an agent gives them) or timing itself. Forwarded to the server: no node:crypto.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin, claudeBash, sandbox } from "./cli-harness.js";
import { boxEnv, serve } from "./serve-harness.js";

beforeAll(() => ensureBuilt());

/**
 * Node's modules a `hookwire hook claude PreToolUse` process loaded (`process.moduleLoadList` at its exit); with
 * `server`, while this box's server runs (the call is forwarded to it).
 */
async function builtinsOfCall({ server = false } = {}): Promise<string[]> {
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
  const served = server ? await serve(box) : undefined;
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
  await served?.stop();
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

  it("reads its input and writes its answer without a stream, and times itself without node:perf_hooks", async () => {
    const loaded = await builtinsOfCall();
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

describe("a call the Node entry forwards to the server", () => {
  it("loads no node:crypto (it hashes nothing: the socket's checks are its owner and mode)", async () => {
    const loaded = await builtinsOfCall({ server: true });
    // Forwarded: the socket's client.
    expect(loaded).toContain("NativeModule net");
    expect(loaded.filter((name) => /^NativeModule (crypto|internal\/crypto\/)/.test(name))).toEqual([]);
  });
});
