import { describe, expect, it } from "vitest";
import { exec, instantiateHook } from "../src/index.js";

describe("exec", () => {
  it("resolves with stdout, stderr and a non-zero code instead of rejecting", async () => {
    const result = await exec("sh", ["-c", "echo out; echo err >&2; exit 3"]);
    expect(result).toEqual({ stdout: "out\n", stderr: "err\n", code: 3, killed: false });
  });

  it("kills a process that outlives its timeout", async () => {
    const result = await exec("sh", ["-c", "echo started; sleep 30"], { timeout: 200 });
    expect(result.killed).toBe(true);
    expect(result.stdout).toBe("started\n");
    expect(result.code).toBe(128 + 15);
  });

  it("stops the process when the signal aborts", async () => {
    const controller = new AbortController();
    const pending = exec("sleep", ["30"], { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ killed: true });
  });

  it("reports a command that cannot start as exit code 127", async () => {
    const result = await exec("hookwire-no-such-command", []);
    expect(result.code).toBe(127);
    expect(result.killed).toBe(false);
    expect(result.stderr).toContain("hookwire-no-such-command");
  });

  it("runs in the hook's cwd unless told otherwise, with the env it is given", async () => {
    const hook = await instantiateHook(
      async (pi) => {
        const result = await pi.exec("sh", ["-c", 'pwd; echo "$HW_VALUE"'], { env: { HW_VALUE: "v" } });
        pi.registerCommand("out", { description: result.stdout, handler: () => {} });
      },
      { path: "h.ts", cwd: "/tmp" },
    );
    expect(hook.commands.get("out")?.description).toBe("/tmp\nv\n");
  });
});
