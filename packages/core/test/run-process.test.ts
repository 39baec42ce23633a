import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { exec } from "../src/index.js";
import { runProcess } from "../src/internal.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");
// Child hosts run the TypeScript sources through jiti, so these tests need no build.
const jitiRegister = path.join(repoRoot, "packages/loader/node_modules/jiti/lib/jiti-register.mjs");

/** A sleep duration no other process uses, so the process table shows exactly ours. */
function uniqueSleep(): string {
  return `97.${process.pid}${Math.floor(Math.random() * 1e6)}`;
}

function running(marker: string): string[] {
  const table = execFileSync("ps", ["-eo", "pid=,stat=,args="], { encoding: "utf8" });
  // Only the sleep itself: the shells that started it carry the same text in their arguments.
  const sleeping = new RegExp(`^\\s*\\d+\\s+[^Z\\s]\\S*\\s+(\\S*/)?sleep ${marker.replace(".", "\\.")}$`);
  return table.split("\n").filter((line) => sleeping.test(line));
}

async function settled(marker: string, ms = 2000): Promise<string[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = running(marker);
    if (rows.length === 0 || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const env = { PATH: process.env.PATH ?? "/usr/bin:/bin" };

describe("runProcess at a timeout or abort leaves no survivor", () => {
  it("kills a descendant that left the process group with setsid", async () => {
    const sleep = uniqueSleep();
    const run = await runProcess("sh", ["-c", `setsid sleep ${sleep} & sleep 30`], { env, timeoutMs: 300 });
    expect(run.timedOut).toBe(true);
    expect(await settled(sleep)).toEqual([]);
  });

  it("kills a setsid descendant that detached its stdio and ignores SIGTERM", async () => {
    const sleep = uniqueSleep();
    const script = `setsid sh -c 'trap "" TERM; sleep ${sleep}; true' </dev/null >/dev/null 2>&1 & sleep 30`;
    const controller = new AbortController();
    const pending = runProcess("sh", ["-c", script], { env, signal: controller.signal });
    // Abort only once the grandchild exists, so the test proves it is found and killed.
    for (let i = 0; i < 100 && running(sleep).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(running(sleep)).toHaveLength(1);
    controller.abort();
    const run = await pending;
    expect(run.aborted).toBe(true);
    expect(await settled(sleep)).toEqual([]);
  });

  it("kills a descendant that moved to its own process group with setpgid (perl setpgrp)", async () => {
    const sleep = uniqueSleep();
    const script = `perl -e 'setpgrp(0,0); exec "sleep", "${sleep}"' & sleep 30`;
    const run = await runProcess("sh", ["-c", script], { env, timeoutMs: 300 });
    expect(run.timedOut).toBe(true);
    expect(await settled(sleep)).toEqual([]);
  });

  it("kills a descendant that cleared its environment (and so its marker) while the hook still runs", async () => {
    const sleep = uniqueSleep();
    const setsid = execFileSync("sh", ["-c", "command -v setsid"], { encoding: "utf8" }).trim();
    const sleepBin = execFileSync("sh", ["-c", "command -v sleep"], { encoding: "utf8" }).trim();
    const script = `env -i ${setsid} ${sleepBin} ${sleep} </dev/null >/dev/null 2>&1 & sleep 30`;
    const run = await runProcess("sh", ["-c", script], { env, timeoutMs: 300 });
    expect(run.timedOut).toBe(true);
    expect(await settled(sleep)).toEqual([]);
  });

  it("pi.exec does the same at its timeout", async () => {
    const sleep = uniqueSleep();
    const result = await exec("sh", ["-c", `setsid sleep ${sleep} & sleep 30`], { timeout: 300 });
    expect(result.killed).toBe(true);
    expect(await settled(sleep)).toEqual([]);
  });
});

describe("runProcess after a normal exit", () => {
  it("leaves running a daemon that left the group and detached its stdio (documented)", async () => {
    const sleep = uniqueSleep();
    const run = await runProcess("sh", ["-c", `setsid sleep ${sleep} </dev/null >/dev/null 2>&1 &`], { env });
    expect(run.code).toBe(0);
    const rows = running(sleep);
    expect(rows).toHaveLength(1);
    process.kill(Number(rows[0]!.trim().split(/\s+/)[0]), "SIGKILL");
  });

  it("settles even when a setsid descendant keeps the pipes open", async () => {
    const sleep = uniqueSleep();
    const run = await runProcess("sh", ["-c", `setsid sleep ${sleep} & echo done`], { env });
    expect(run).toMatchObject({ code: 0, stdout: "done\n", timedOut: false });
    const rows = running(sleep);
    for (const row of rows) process.kill(Number(row.trim().split(/\s+/)[0]), "SIGKILL");
  });
});

/** Runs `source` in a child node process whose file-descriptor limit is `limit`. */
function underFdLimit(source: string, limit = 64) {
  const script = path.join(here, "fixtures", "fd-limit-host.mjs");
  return spawnSync(
    "sh",
    [
      "-c",
      `ulimit -n ${limit} && exec "$0" "$@"`,
      process.execPath,
      "--conditions=source",
      "--import",
      jitiRegister,
      script,
      source,
    ],
    {
      encoding: "utf8",
      cwd: repoRoot,
      timeout: 60_000,
    },
  );
}

describe("spawn failures", () => {
  it("EMFILE is a spawnError in the result, not a crash of the host", () => {
    const child = underFdLimit("runProcess");
    expect(child.stderr).toBe("");
    const report = JSON.parse(child.stdout);
    expect(report).toMatchObject({
      filled: true,
      spawnError: { code: "EMFILE" },
      code: null,
      survived: true,
    });
    expect(child.status).toBe(0);
  });

  it("pi.exec resolves EMFILE as exit code 127 with the reason on stderr", () => {
    const child = underFdLimit("exec");
    expect(child.stderr).toBe("");
    expect(JSON.parse(child.stdout)).toMatchObject({
      code: 127,
      stderr: "spawn echo EMFILE: the host has too many open files (raise its limit, e.g. `ulimit -n`)",
      survived: true,
    });
    expect(child.status).toBe(0);
  });
});
