// A hook's process.exit, in a real node process: the host keeps running and the hook fails (a tool_call blocks).
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";

const CORE = pathToFileURL(path.resolve(import.meta.dirname, "../dist/index.js")).href;

/** Runs `host` (an ES module body with `core` imported) in a fresh node and returns its stdout lines and exit code. */
function host(dir: string, body: string) {
  const file = path.join(dir, "host.mjs");
  writeFileSync(
    file,
    `import * as core from ${JSON.stringify(CORE)};\n${body}\nconsole.log("host still running");\n`,
  );
  const run = spawnSync(process.execPath, [file], { encoding: "utf8", timeout: 60_000 });
  return { lines: run.stdout.trim().split("\n"), code: run.status, stderr: run.stderr };
}

describe("process.exit from hook code", () => {
  beforeAll(() => ensureBuilt(), 300_000);

  it("blocks the tool call with the hook's HookError before the user's guard, and the host runs on", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hookwire-exit-"));
    writeFileSync(
      path.join(dir, "quitter.mjs"),
      'export default (pi) => pi.on("tool_call", async () => { await null; process.exit(0); });\n',
    );
    const { lines, code } = host(
      dir,
      `
const quitter = (await import("./quitter.mjs")).default;
const hooks = [
  await core.instantiateHook(quitter, { path: "quitter.mjs", cwd: ${JSON.stringify(dir)}, resolvedPath: ${JSON.stringify(path.join(dir, "quitter.mjs"))} }),
  await core.instantiateHook((pi) => pi.on("tool_call", () => ({ block: true, reason: "user guard" })), { path: "guard", cwd: "/" }),
];
const runner = new core.HookRunner(hooks, { cwd: ${JSON.stringify(dir)} });
try {
  await runner.emitToolCall({ toolName: "bash", toolCallId: "1", input: { command: "rm -rf /" } });
  console.log("allowed");
} catch (error) {
  console.log(error.code, error.hookPath);
  console.log(error.error);
}
runner.dispose();
`,
    );
    expect(code).toBe(0);
    expect(lines).toEqual([
      "HOOK_EXIT quitter.mjs",
      "called process.exit(0), which would end the host; it was stopped. A hook returns { block: true, reason } to stop a tool call, or throws to report a failure.",
      "host still running",
    ]);
  });

  it("fails the load of a factory that exits, and lets the host exit itself afterwards", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hookwire-exit-"));
    writeFileSync(path.join(dir, "factory.mjs"), "export default () => process.exit(3);\n");
    const { lines, code } = host(
      dir,
      `
const factory = (await import("./factory.mjs")).default;
await core
  .instantiateHook(factory, { path: "factory.mjs", cwd: ${JSON.stringify(dir)}, resolvedPath: ${JSON.stringify(path.join(dir, "factory.mjs"))} })
  .catch((error) => console.log(error.code));
process.on("exit", () => console.log("exit", process.exitCode));
setTimeout(() => process.exit(7), 0);
`,
    );
    expect(lines).toEqual(["HOOK_EXIT", "host still running", "exit 7"]);
    expect(code).toBe(7);
  });
});
