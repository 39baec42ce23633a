// RunScope: the processes one call started, named and killed at once (whole trees), and none of another call's.
import { describe, expect, it } from "vitest";
import { RunScope } from "../src/process/live-runs.js";
import { runProcess } from "../src/process/run-process.js";

const env = { PATH: process.env.PATH ?? "/usr/bin:/bin" };
const sleepy = (label: string) =>
  runProcess("sh", ["-c", "sleep 1000 & wait"], { env, input: "", label, timeoutMs: 60_000 });

describe("RunScope", () => {
  it("kills the runs started inside it, trees included, names them, and leaves other runs alone", async () => {
    const scope = new RunScope();
    const inside = scope.run(() => sleepy("inside"));
    const elsewhere = new RunScope();
    const outside = elsewhere.run(() => sleepy("outside"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(scope.labels()).toEqual(["inside"]);
    expect(scope.kill()).toEqual(["inside"]);
    const run = await inside;
    expect(run.aborted).toBe(true);
    expect(run.signal).toBe("SIGKILL");
    // The run outside the scope is still running: a server's other calls keep theirs.
    const raced = await Promise.race([
      outside,
      new Promise((resolve) => setTimeout(() => resolve("running"), 300)),
    ]);
    expect(raced).toBe("running");
    expect(elsewhere.kill()).toEqual(["outside"]);
    expect((await outside).aborted).toBe(true);
    const stop = new RunScope();
    stop.kill();
    // Started after its scope was killed (the call already answered): killed at once.
    const late = await stop.run(() => sleepy("late"));
    expect(late.aborted).toBe(true);
  }, 30_000);
});
