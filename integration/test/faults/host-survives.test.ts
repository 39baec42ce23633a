// The host outlives its command hooks: spawn failures are HookErrors, and a timed-out hook leaves no process behind.
import { execFileSync, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createSettingsHooks, readSettingsFile } from "@hookwire/settings-hooks";
import { afterAll, describe, expect, it } from "vitest";
import { createHost } from "../support/host.js";
import { tempDir } from "../support/temp-dir.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");
const jitiRegister = path.join(repoRoot, "packages/loader/node_modules/jiti/lib/jiti-register.mjs");
const project = tempDir("host-survives");
afterAll(() => project.remove());

function sleeping(duration: string): string[] {
  return execFileSync("ps", ["-eo", "pid=,stat=,args="], { encoding: "utf8" })
    .split("\n")
    .filter((line) => /^\s*\d+\s+[^Z\s]/.test(line) && line.trim().endsWith(`sleep ${duration}`));
}

async function settledSleeping(duration: string): Promise<string[]> {
  for (let i = 0; i < 40; i++) {
    if (sleeping(duration).length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return sleeping(duration);
}

describe("a command hook", () => {
  it("that starts `setsid sleep 100 &` and then hangs leaves no survivor after its timeout", async () => {
    const duration = `100.${process.pid}${Date.now() % 100000}`;
    const file = path.join(project.dir, "settings.json");
    const handler = { type: "command", command: `setsid sleep ${duration} & sleep 1000`, timeout: 1 };
    writeFileSync(file, JSON.stringify({ hooks: { PreToolUse: [{ hooks: [handler] }] } }));
    const read = await readSettingsFile({ file, scope: "project", dialect: "claude" });
    const hook = await createSettingsHooks(read.handlers, {
      cwd: project.dir,
      outputDir: path.join(project.dir, "out"),
    });
    const host = createHost([hook], { cwd: project.dir });
    await host.tool("bash").execute("1", { command: "ls" });
    expect(host.errors.map((e) => e.error)).toEqual(["timed out after 1 s and was killed"]);
    expect(host.runs).toHaveLength(1);
    expect(await settledSleeping(duration)).toEqual([]);
  });

  it("that cannot be spawned because the host ran out of file descriptors (EMFILE) is a non-blocking HookError", () => {
    const child = spawnSync(
      "sh",
      [
        "-c",
        'ulimit -n 128 && exec "$0" "$@"',
        process.execPath,
        "--conditions=source",
        "--import",
        jitiRegister,
        path.join(here, "fixtures/fd-limit-host.mjs"),
        project.dir,
      ],
      { cwd: repoRoot, encoding: "utf8", timeout: 60_000 },
    );
    expect(child.stderr).toBe("");
    expect(child.status).toBe(0);
    expect(JSON.parse(child.stdout)).toEqual({
      errors: [
        {
          code: "HOOK_HANDLER_FAILED",
          message:
            "could not start: spawn sh EMFILE: the host has too many open files (raise its limit, e.g. `ulimit -n`)",
        },
      ],
      ran: 2, // the warm-up call and the call under the full table
      survived: true,
    });
  });
});
